import fs from 'node:fs';

/** Stops the real API's process (real-api-global-setup.ts) and deletes what it wrote. */
export default async function stopRealApi(): Promise<void> {
  const child = globalThis.realApiProcess;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (process.env.REAL_API_DIR) fs.rmSync(process.env.REAL_API_DIR, { recursive: true, force: true });
}
