import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Loaded into a server with --require: on SIGUSR2, collect garbage and write the memory figures.
// Twice, a second apart: V8 frees the memory of dead Buffers in the background after a collection.
const PROBE = `process.on('SIGUSR2', () => {
  global.gc();
  setTimeout(() => {
    global.gc();
    require('node:fs').writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify(process.memoryUsage()));
  }, 1000);
});
`;

/**
 * A way to read a bench server's memory: start it with `nodeArgs` and `env`, then `read(child)`
 * answers its process.memoryUsage() after garbage collection. `name` keeps two servers' figures apart.
 */
export function memoryProbe(dir: string, name = 'server') {
  const probe = path.join(dir, 'memory-probe.cjs');
  const file = path.join(dir, `${name}-memory.json`);
  fs.writeFileSync(probe, PROBE);
  return {
    nodeArgs: ['--expose-gc', '--require', probe],
    env: { MEMORY_PROBE_FILE: file },
    async read(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
      fs.rmSync(file, { force: true });
      child.kill('SIGUSR2');
      for (let tries = 0; !fs.existsSync(file); tries++) {
        if (tries > 400) throw new Error('the server did not report its memory');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 50)); // the write may still be under way
      return JSON.parse(fs.readFileSync(file, 'utf8')) as NodeJS.MemoryUsage;
    },
  };
}
