import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of the files under `paths`, or 0. */
function newestMtime(paths: string[]): number {
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

/** The documents the build writes: the public site's and the admin panel's (webpack.config.ts). */
export const CLIENT_DOCUMENTS = ['index.html', 'admin.html'] as const;

/** Whether dist/client must be (re)built: a document missing, or a source newer than it. */
export function clientBuildIsStale(root: string, clientDir: string): boolean {
  const documents = CLIENT_DOCUMENTS.map((file) => path.join(clientDir, file));
  if (!documents.every((file) => fs.existsSync(file))) return true;
  const sources = ['src/client', 'src/domain', 'public', 'webpack.config.ts'].map((p) => path.join(root, p));
  const built = Math.min(...documents.map((file) => fs.statSync(file).mtimeMs));
  return newestMtime(sources) > built;
}
