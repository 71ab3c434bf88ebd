import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

declare global {
  // Shared with real-api-global-teardown.ts: Jest runs both in its own process.
  var realApiProcess: ChildProcess | undefined;
}

/**
 * Starts the process that runs the real API for the client tests
 * (real-api-process.ts, under tsx) and returns at once: it gets ready while
 * Jest starts its workers and loads the first files. Workers inherit
 * REAL_API_DIR, where the process writes its control port (or, if it stops,
 * `exit` and its output in `log`); real-api-server.ts waits for it there.
 */
export default function startRealApi(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'real-api-'));
  process.env.REAL_API_DIR = dir;
  const log = fs.openSync(path.join(dir, 'log'), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'real-api-process.ts')], {
    cwd: path.join(__dirname, '..', '..'),
    env: { ...process.env, NODE_ENV: 'test' },
    // The IPC channel closes if Jest dies, and the process then ends itself.
    stdio: ['ignore', log, log, 'ipc'],
  });
  child.on('exit', (code, signal) => fs.writeFileSync(path.join(dir, 'exit'), `${code ?? signal}`));
  globalThis.realApiProcess = child;
}
