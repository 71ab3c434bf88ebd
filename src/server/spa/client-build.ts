import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of the files under `paths`, or 0. */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Whether dist/client must be (re)built: no index.html, or a source newer than it. */
export function clientBuildIsStale(root: string, clientDir: string): boolean {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const sources = ['src/client', 'src/domain', 'public', 'webpack.config.ts'].map((p) => path.join(root, p));
  return newestMtime(sources) > fs.statSync(index).mtimeMs;
}
