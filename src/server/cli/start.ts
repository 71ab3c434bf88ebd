import './production-mode';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../config';
import { serve } from '../serve';
import { clientBuildIsStale } from '../spa/client-build';

// `npm start`: build the browser app when its build is missing or older than
// its sources, then do what main.ts does (migrate, admin, demo, listen).
async function main(): Promise<void> {
  const config = loadConfig();
  const root = path.resolve(__dirname, '..', '..', '..');
  if (clientBuildIsStale(root, config.clientDir)) {
    console.info('Compilando la aplicación del navegador (npm run build)...');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  await serve(config);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
