import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, isSafeKey } from './media-keys';
import { type LocalObjectStore, MediaNotFound, type StoredObject } from './object-store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/**
 * Media as files under one folder (DATA_DIR/media by default): a key is a
 * path below it. A file is written beside its final name as a dotfile and
 * renamed into place, so neither /media/ (which hides dotfiles) nor `list`
 * ever sees it half written.
 */
export function createLocalFolderStore(root: string): LocalObjectStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  /**
   * Files below `dir` (a folder under root, as a key prefix ending in '/' or '') whose keys
   * start with `prefix`, depth first; only matching files are measured.
   */
  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const key = `${dir}${entry.name}`;
      // Dotfiles (a write in progress among them) and names no key could have are not media.
      if (!isSafeKey(key)) continue;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(`${key}/`, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        yield { key, size: (await fs.stat(path.join(root, key))).size };
      }
    }
  }

  return {
    kind: 'local',
    root,
    location: root,

    async *list(prefix = '') {
      // Only the folder the prefix points into is read: 'images/abc' reads images/, not the whole tree.
      const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
      if (dir) assertSafeKey(dir.slice(0, -1));
      yield* walk(dir, prefix);
    },

    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') throw new MediaNotFound(key);
        throw error;
      }
    },

    async write(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomUUID()}.partial`);
      try {
        await fs.writeFile(partial, bytes);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },

    async size(key) {
      try {
        const stat = await fs.stat(fileOf(key));
        return stat.isFile() ? stat.size : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async close() {},
  };
}
