import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyMedia } from './copy-media';
import { createLocalFolderStore } from './local-folder-store';
import type { ObjectStore, StoredObject } from './object-store';

const id = '0b7e8a1c-3f2d-4c5e-9a6b-7c8d9e0f1a2b';
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copy-media-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('copyMedia', () => {
  it('writes an upload’s original after its variants, so the target never has one without the others', async () => {
    const from = createLocalFolderStore(path.join(dir, 'from'));
    const keys = [`images/${id}.jpg`, `images/${id}-480.webp`, `images/${id}-1600.webp`, 'otros/nota.txt'];
    for (const key of keys) await from.write(key, Buffer.from(key));
    // Listed original first, as a bucket or another folder order may list it.
    const source: ObjectStore = {
      ...from,
      async *list() {
        const all: StoredObject[] = [];
        for await (const object of from.list()) all.unshift(object);
        yield* all;
      },
    };
    const target = createLocalFolderStore(path.join(dir, 'to'));
    const written: string[] = [];
    const to: ObjectStore = { ...target, write: async (key, bytes) => (written.push(key), target.write(key, bytes)) };

    expect(await copyMedia(source, to, { concurrency: 1 })).toEqual({ copied: 4, skipped: 0, bytes: keys.join('').length });
    expect(written.at(-1)).toBe(`images/${id}.jpg`);
    expect(written.sort()).toEqual([...keys].sort());
  });

  it('stops with the first failure once the other copies are done; a second run copies the rest', async () => {
    const from = createLocalFolderStore(path.join(dir, 'from'));
    for (const name of ['a', 'b', 'c']) await from.write(`otros/${name}.txt`, Buffer.from(name));
    const target = createLocalFolderStore(path.join(dir, 'to'));
    const failing: ObjectStore = {
      ...target,
      write: async (key, bytes) => (key.endsWith('b.txt') ? Promise.reject(new Error('sin red')) : target.write(key, bytes)),
    };

    await expect(copyMedia(from, failing)).rejects.toThrow('sin red');
    expect(await target.size('otros/a.txt')).toBe(1);
    expect(await target.size('otros/c.txt')).toBe(1);
    expect(await copyMedia(from, target)).toEqual({ copied: 1, skipped: 2, bytes: 1 });
  });
});
