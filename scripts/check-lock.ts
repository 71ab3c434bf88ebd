/**
 * package-lock.json must be the lock of package.json, for every platform a
 * contributor may install on: `npm ci` (which refuses a lock out of step with
 * package.json, or one missing a platform's optional binaries) is asked, in a
 * dry run, as this machine, as a Mac on Apple silicon and as 64-bit Windows.
 * It runs in a scratch copy, so the installed node_modules play no part.
 * Run by `npm test`; the fix for a refusal is in the message.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'check-lock-'));
const platforms: { name: string; flags: string[] }[] = [
  { name: 'this machine', flags: [] },
  { name: 'macOS arm64', flags: ['--os=darwin', '--cpu=arm64'] },
  { name: 'Windows x64', flags: ['--os=win32', '--cpu=x64'] },
];

try {
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) fs.copyFileSync(path.join(root, file), path.join(scratch, file));
  const refusals = platforms.flatMap(({ name, flags }) => {
    try {
      execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', ...flags], {
        cwd: scratch,
        stdio: 'pipe',
        encoding: 'utf8',
      });
      return [];
    } catch (error) {
      const output = String((error as { stderr?: string }).stderr ?? error);
      const reasons = output.split('\n').filter((line) => /Missing:|Invalid:|in sync/.test(line));
      return [`${name}:\n    ${(reasons.length ? reasons.slice(0, 8) : output.split('\n').slice(0, 8)).join('\n    ')}`];
    }
  });
  if (refusals.length) {
    console.error(
      `npm ci refuses package-lock.json:\n  ${refusals.join('\n  ')}\n` +
        "Regenerate it from scratch, so that every platform's optional binaries are listed:\n" +
        '  rm -rf node_modules package-lock.json && npm install',
    );
    process.exit(1);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
