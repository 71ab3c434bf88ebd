import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { errorCode } from '../thrown';
import { assertSafeKey, contentTypeOf, isSafeKey } from './media-keys';
import { type LocalObjectStore, MediaNotFound, type StoredObject } from './object-store';

const isMissing = (error: unknown) => errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR';

/**
 * Media as files under one folder (DATA_DIR/media by default): a key is a
 * path below it. A file is written beside its final name as a dotfile and
 * renamed into place, so neither /media/ (which hides dotfiles) nor `list`
 * ever sees it half written.
 */
/** An ETag from size and modification time, as @fastify/static makes them: a rename into place changes it. */
const etagOf = (stat: { size: number; mtimeMs: number }) => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

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
        if (isMissing(error) || errorCode(error) === 'EISDIR') throw new MediaNotFound(key);
        throw error;
      }
    },

    async write(key, bytes) {
      await writeInPlace(fileOf(key), (partial) => fs.writeFile(partial, bytes));
    },

    async writeFile(key, source) {
      await writeInPlace(fileOf(key), (partial) => pipeline(createReadStream(source), createWriteStream(partial)));
    },

    async sha256(key) {
      const hash = crypto.createHash('sha256');
      try {
        await pipeline(createReadStream(fileOf(key)), hash);
      } catch (error) {
        if (isMissing(error) || errorCode(error) === 'EISDIR') return undefined;
        throw error;
      }
      return hash.digest('hex');
    },

    async open(key, { ifNoneMatch, headOnly = false } = {}) {
      const file = fileOf(key);
      let stat;
      try {
        stat = await fs.stat(file);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      if (!stat.isFile()) return undefined;
      const etag = etagOf(stat);
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2)))
        return { status: 304, etag };
      return {
        status: 200,
        body: headOnly ? undefined : createReadStream(file),
        contentType: contentTypeOf(key),
        contentLength: stat.size,
        etag,
        lastModified: stat.mtime,
      };
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

/** Writes beside `file` as a dotfile, then renames it into place; the dotfile goes if anything fails. */
async function writeInPlace(file: string, writeTo: (partial: string) => Promise<void>): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomUUID()}.partial`);
  try {
    await writeTo(partial);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
