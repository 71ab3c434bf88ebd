import { loadConfig } from './config';
import { serve } from './serve';

// The server process: configuration from the environment, then serve().
// `npm start` (cli/start.ts) also builds the browser app first when needed.
serve(loadConfig()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
