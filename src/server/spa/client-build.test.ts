import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientBuildIsStale } from './client-build';

describe('clientBuildIsStale', () => {
  let root: string;
  const write = (file: string, mtimeSeconds: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, 'x');
    fs.utimesSync(full, mtimeSeconds, mtimeSeconds);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is stale without a build, fresh after one, stale again when a source changes', () => {
    const dist = path.join(root, 'dist/client');
    write('src/client/main.tsx', 1000);
    write('public/index.html', 1000);
    expect(clientBuildIsStale(root, dist)).toBe(true);
    write('dist/client/index.html', 2000);
    // A build from before the admin panel had its own document is stale too.
    expect(clientBuildIsStale(root, dist)).toBe(true);
    write('dist/client/admin.html', 2000);
    expect(clientBuildIsStale(root, dist)).toBe(false);
    write('src/domain/limits.ts', 3000);
    expect(clientBuildIsStale(root, dist)).toBe(true);
  });
});
