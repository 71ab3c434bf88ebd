import path from 'node:path';
import { loadConfig } from '../config';
import { serve } from '../serve';

// `npm run dev` (under `tsx watch`, which restarts this process when a server
// file changes): the whole site on one origin, as main.ts serves it, except
// that the browser app is built in memory by webpack and hot-reloaded
// (plugins/client-dev.ts) and the files of public/ are served as they are.
// One process: webpack cannot be shared between cluster workers.
const root = path.resolve(__dirname, '..', '..', '..');

serve({ ...loadConfig(), clientDir: path.join(root, 'public'), clientDev: true, workers: 1 }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
