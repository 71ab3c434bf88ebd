import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { isUploadOriginal } from '../media/media-keys';
import { MediaNotFound, type ObjectStore } from '../media/object-store';
import { ArchiveWriter, syncDirectory } from './archive';
import { readCounters } from './counters';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, checksumOf, type Manifest, type ManifestTable, mediaEntry, tableEntry } from './manifest';
import { BackupFailure, backupMessages } from './messages';
import { toNeutralRow } from './rows';
import { type AnyDb, appliedMigrations, kindOf, siteTables } from './schema';

export interface BackupOptions {
  db: AnyDb;
  /** The media backend the site uses (the local folder or the bucket). */
  media: ObjectStore;
  /** Where the archive goes; written beside it under a temporary name first. */
  out: string;
  /** Stops the copy (SIGINT, SIGTERM): the partial file is deleted. */
  signal?: AbortSignal;
  print?: (line: string) => void;
  /** Where a warning goes (standard error: cron mails it). */
  warn?: (line: string) => void;
  now?: () => Date;
}

export interface BackupReport {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  mediaFiles: number;
  /** Media listed at the start of the copy and deleted by the site before they were read. */
  vanished: string[];
}

/** Media read a few at a time ahead of the writer, handed over in order. */
const READ_AHEAD = 4;

/** The temporary name: in the same directory (so the rename is atomic), hidden, and plainly not an archive. */
const partialNameOf = (out: string) => path.join(path.dirname(out), `.${path.basename(out)}.${crypto.randomUUID()}.partial`);

const isInside = (file: string, dir: string) => {
  const relative = path.relative(path.resolve(dir), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/**
 * Every table in one snapshot: a REPEATABLE READ, read-only transaction on
 * PostgreSQL, one read transaction on SQLite (WAL: the site's writers go on).
 * Rows go straight into the archive, so the transaction lasts as long as
 * reading and compressing the rows, not the media.
 */
async function copyTables(
  db: AnyDb,
  writer: ArchiveWriter,
  signal?: AbortSignal,
): Promise<{ migrations: string[]; tables: ManifestTable[] }> {
  const begin =
    kindOf(db) === 'postgresql' ? db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only') : db.transaction();
  return begin.execute(async (trx) => {
    const migrations = await appliedMigrations(trx);
    if (migrations.length === 0) throw new BackupFailure(backupMessages.noSchema);
    const shapes = await siteTables(trx);
    const counters = await readCounters(trx, shapes);
    const tables: ManifestTable[] = [];
    for (const shape of shapes) {
      signal?.throwIfAborted();
      // "order by 1": the first column is each table's key, so the same content gives the same file.
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(shape.name)} order by 1`.execute(trx);
      const lines = rows.map((row) => `${JSON.stringify(toNeutralRow(row, shape))}\n`).join('');
      await writer.add(tableEntry(shape.name), Buffer.from(lines));
      tables.push({ name: shape.name, rows: rows.length, columns: shape.columns, sequence: counters.get(shape.name) ?? null });
    }
    return { migrations, tables };
  });
}

/** The promise's value, unless the copy is stopped first (a read from a bucket that does not answer must not hold a stop). */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * Every stored media file, read after the database snapshot: whatever the
 * snapshot refers to was uploaded before it. Variants go before originals, as
 * storeImage writes them, so a restore that stops half-way never leaves an
 * original without its variants.
 */
async function copyMedia(
  store: ObjectStore,
  writer: ArchiveWriter,
  signal?: AbortSignal,
): Promise<{ files: number; bytes: number; vanished: string[] }> {
  const keys: string[] = [];
  for await (const object of store.list()) keys.push(object.key);
  keys.sort((a, b) => Number(isUploadOriginal(a)) - Number(isUploadOriginal(b)) || (a < b ? -1 : a > b ? 1 : 0));

  const read = (key: string) =>
    store.read(key).then(
      (bytes) => ({ key, bytes }),
      (error: unknown) => {
        // Deleted by the site since the listing (an image replaced, the trash purged).
        if (error instanceof MediaNotFound) return { key, bytes: undefined };
        throw error;
      },
    );
  const ahead: ReturnType<typeof read>[] = [];
  const result = { files: 0, bytes: 0, vanished: [] as string[] };
  for (let next = 0; next < keys.length || ahead.length > 0;) {
    while (ahead.length < READ_AHEAD && next < keys.length) {
      const reading = read(keys[next++]);
      // Awaited in turn below; a failure of one still ahead when another fails is not an unhandled rejection.
      reading.catch(() => {});
      ahead.push(reading);
    }
    const { key, bytes } = await untilAborted(ahead.shift()!, signal);
    if (!bytes) {
      result.vanished.push(key);
      continue;
    }
    await writer.add(mediaEntry(key), bytes);
    result.files += 1;
    result.bytes += bytes.length;
  }
  return result;
}

/**
 * npm run backup: the database and the media in one .tar.gz (manifest.ts),
 * while the site keeps serving and writing. The archive is written under a
 * temporary name in the target's directory, fsynced, and only then renamed to
 * `out`: a copy that is interrupted, even by kill -9, never leaves a file
 * under the name asked for.
 */
export async function createBackup({
  db,
  media,
  out: requested,
  signal,
  print = console.info,
  warn = console.warn,
  now = () => new Date(),
}: BackupOptions): Promise<BackupReport> {
  const out = path.resolve(requested);
  if (media.kind === 'local' && isInside(out, media.root)) throw new BackupFailure(backupMessages.insideMedia(media.root));
  const createdAt = now();
  const partial = partialNameOf(out);
  const writer = await ArchiveWriter.create(partial, createdAt);
  try {
    const kind = kindOf(db);
    const applied = await appliedMigrations(db);
    if (applied.length === 0) throw new BackupFailure(backupMessages.noSchema);
    print(backupMessages.starting(out, kind, applied[applied.length - 1], media.location));
    // Read again inside the snapshot: a site being upgraded may migrate in between.
    const { migrations, tables } = await copyTables(db, writer, signal);
    const version = migrations[migrations.length - 1];
    const copied = await copyMedia(media, writer, signal);
    if (copied.vanished.length > 0) warn(backupMessages.vanished(copied.vanished));
    const files = [...writer.files];
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: createdAt.toISOString(),
      schema: { version, migrations },
      database: { kind },
      tables,
      media: { location: media.location, files: copied.files, bytes: copied.bytes },
      files,
      checksum: checksumOf(files),
    };
    await writer.finish(manifest);
    await fs.rename(partial, out);
    await syncDirectory(path.dirname(out));
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    const { size } = await fs.stat(out);
    print(backupMessages.done(out, size, rows, tables.length, copied.files));
    return { file: out, bytes: size, tables: tables.length, rows, mediaFiles: copied.files, vanished: copied.vanished };
  } catch (error) {
    await writer.abort();
    await fs.rm(partial, { force: true });
    if (signal?.aborted) throw new BackupFailure(backupMessages.interrupted);
    throw error;
  }
}
