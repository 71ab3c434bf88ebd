import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { DOCUMENTS } from '@/domain/documents';
import { detectImageType } from '@/domain/images';
import { DOCUMENT_MAX_BYTES } from '@/domain/limits';
import { createDatabase, SQLITE_FILE } from '../db/database';
import { rebuildSearchIndex } from '../db/search-repository';
import { recognizeDocument } from '../media/documents';
import { contentTypeOf, isDocumentKey, isUploadKey, isUploadOriginal, UPLOAD_FILE_MAX_BYTES } from '../media/media-keys';
import type { ObjectStore } from '../media/object-store';
import { readAll, readArchive, syncDirectory } from './archive';
import { writeCounters } from './counters';
import { BACKUP_FORMAT_VERSION, checksumOf, entryKind, type Manifest, parseManifest, tableEntry } from './manifest';
import { errorMessage } from '../thrown';
import { archiveProblems, BackupFailure, restoreMessages, schemaProblems } from './messages';
import { parseNeutralRow, toDriverValue } from './rows';
import {
  type AnyDb,
  codeMigrations,
  contentRows,
  currentSchema,
  type DatabaseKind,
  kindOf,
  migrateTo,
  schemaAt,
  type SchemaShape,
  siteTables,
} from './schema';

/** Where a restore writes: the database (SQLite under dataDir, or DATABASE_URL) and the media backend. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
  media: ObjectStore;
}

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  /** Replace a target that already holds content. */
  force?: boolean;
  print?: (line: string) => void;
}

export interface RestoreReport {
  manifest: Manifest;
  rows: number;
  /** Media files written, and their bytes. */
  mediaFiles: number;
  mediaBytes: number;
  /** Media files the target already held under the same key with the same sha256, left as they were. */
  mediaKept: number;
  /** Migrations run after the rows went in (the archive was older than the code). */
  migrated: string[];
}

/** A manifest lists every media file: generous, yet not a way to fill the memory. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;
/** Media written to the target at once. */
const WRITES_AT_ONCE = 4;
/**
 * One table's file, unpacked to the temporary folder. The site's largest rows
 * are layouts of at most FORM_FIELD_MAX_BYTES; this is hundreds of the
 * largest, or millions of ordinary rows: far above any site this program runs.
 */
const TABLE_FILE_MAX_BYTES = 2 * 1024 ** 3;
/** The whole archive, unpacked: the tables and the media together. */
const ARCHIVE_MAX_BYTES = 200 * 1024 ** 3;
/** Left free on a disk the restore writes to, beyond what it writes. */
const DISK_RESERVE_BYTES = 64 * 1024 * 1024;

/** The most bytes a member of this kind may hold. */
const memberLimit = (kind: 'table' | 'media', document: boolean) =>
  document ? DOCUMENT_MAX_BYTES : kind === 'media' ? UPLOAD_FILE_MAX_BYTES : TABLE_FILE_MAX_BYTES;

/** Whether a library document's bytes are the kind its name says (recognised whole, as an upload is: media/documents.ts). */
function isDocumentNamed(bytes: Buffer, key: string): boolean {
  try {
    return key.endsWith(`.${DOCUMENTS[recognizeDocument(bytes)].extension}`);
  } catch {
    return false;
  }
}

/** Enough of a file's start for detectImageType. */
const IMAGE_HEAD_BYTES = 16;

/** Refuses to write `needed` bytes into `folder` (or where it would be made) when its disk does not have them, and the reserve, free. */
async function checkRoom(folder: string, needed: number): Promise<void> {
  let existing = folder;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  const { bavail, bsize } = await fs.promises.statfs(existing);
  if (bavail * bsize < needed + DISK_RESERVE_BYTES) throw new BackupFailure(restoreMessages.noRoom(folder, needed + DISK_RESERVE_BYTES));
}

interface Verified {
  manifest: Manifest;
  /** The tables' files, unpacked to a private temporary folder. */
  staging: string;
}

/**
 * The first pass: reads the whole archive before anything else is done,
 * hashing every member and unpacking the tables' files (small beside the
 * media) to a private folder; then checks the manifest against what was read.
 * Any failure here leaves the target as it was: it has not been opened yet.
 */
async function verifyArchive(file: string): Promise<Verified> {
  const staging = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'restauracion-'));
  try {
    const read = new Map<string, { size: number; sha256: string }>();
    const lines = new Map<string, number>();
    let manifestText: string | undefined;
    const damaged = (why: string) => new BackupFailure(restoreMessages.damaged(file, why));
    const foreign = (why: string) => new BackupFailure(restoreMessages.foreign(file, why));

    let total = 0;
    await readArchive(file, async ({ name, size, stream }) => {
      const kind = entryKind(name);
      if (!kind) throw foreign(archiveProblems.unknownMember(name));
      if (manifestText !== undefined) throw foreign(archiveProblems.afterManifest);
      if (read.has(name)) throw damaged(archiveProblems.twice(name));
      if (kind.kind === 'manifest') {
        if (size > MANIFEST_MAX_BYTES) throw foreign(archiveProblems.manifestTooLarge);
        manifestText = (await readAll(stream, MANIFEST_MAX_BYTES)).toString('utf8');
        return;
      }
      // Only what an upload leaves: a page or a script under media/ would be served from the site's origin.
      if (kind.kind === 'media' && !isUploadKey(kind.key)) throw foreign(archiveProblems.notUpload(name));
      // Bounds from the header first, then on the bytes as they come (the header is the tar's word for it).
      const document = kind.kind === 'media' && isDocumentKey(kind.key);
      const limit = memberLimit(kind.kind, document);
      const tooLarge = () => foreign(archiveProblems.memberTooLarge(name, limit));
      const wholeTooLarge = () => foreign(archiveProblems.archiveTooLarge(ARCHIVE_MAX_BYTES));
      if (size > limit) throw tooLarge();
      if (total + size > ARCHIVE_MAX_BYTES) throw wholeTooLarge();
      if (kind.kind === 'table') await checkRoom(staging, size);
      const hash = crypto.createHash('sha256');
      let length = 0;
      let newlines = 0;
      let head = Buffer.alloc(0);
      // A document is read whole (at most DOCUMENT_MAX_BYTES) to be recognised as its upload was.
      const whole: Buffer[] = [];
      const out = kind.kind === 'table' ? fs.createWriteStream(path.join(staging, `${kind.table}.jsonl`), { mode: 0o600 }) : undefined;
      try {
        for await (const chunk of stream) {
          length += chunk.length;
          if (length > limit) throw tooLarge();
          if (total + length > ARCHIVE_MAX_BYTES) throw wholeTooLarge();
          hash.update(chunk);
          if (head.length < IMAGE_HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, IMAGE_HEAD_BYTES - head.length)]);
          if (document) whole.push(chunk);
          if (out) {
            for (const byte of chunk) if (byte === 0x0a) newlines += 1;
            if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          }
        }
      } finally {
        if (out) await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      }
      total += length;
      if (out) lines.set(name, newlines);
      // Bytes that are not the type the name says would be served as it anyway.
      if (document) {
        if (!isDocumentNamed(Buffer.concat(whole), kind.key)) throw foreign(archiveProblems.notDocument(name));
      } else if (kind.kind === 'media' && detectImageType(head) !== contentTypeOf(kind.key)) throw foreign(archiveProblems.notImage(name));
      read.set(name, { size: length, sha256: hash.digest('hex') });
    });

    if (manifestText === undefined) throw foreign(read.size === 0 ? archiveProblems.empty : archiveProblems.noManifest);
    const parsed = parseManifest(manifestText);
    if ('problem' in parsed) {
      if (parsed.problem === 'newer') throw new BackupFailure(restoreMessages.formatNewer(file, parsed.found, BACKUP_FORMAT_VERSION));
      throw parsed.problem === 'foreign' ? foreign(parsed.detail) : damaged(parsed.detail);
    }
    const { manifest } = parsed;

    // Every member is the manifest's, with its size and checksum, and nothing is missing.
    const listed = new Map(manifest.files.map((entry) => [entry.path, entry]));
    for (const [name, entry] of read) {
      const expected = listed.get(name);
      if (!expected) throw damaged(archiveProblems.unlisted(name));
      if (expected.size !== entry.size || expected.sha256 !== entry.sha256) throw damaged(archiveProblems.checksum(name));
    }
    const missing = manifest.files.find((entry) => !read.has(entry.path));
    if (missing) throw damaged(archiveProblems.missing(missing.path));
    if (checksumOf(manifest.files) !== manifest.checksum) throw damaged(archiveProblems.overallChecksum);

    // The tables: one file each, with as many rows as the manifest says.
    const tableFiles = new Set(manifest.tables.map((table) => tableEntry(table.name)));
    for (const table of manifest.tables) {
      if (!listed.has(tableEntry(table.name))) throw damaged(archiveProblems.tableFileMissing(table.name));
      if (lines.get(tableEntry(table.name)) !== table.rows) throw damaged(archiveProblems.rowCount(table.name, table.rows));
    }
    const stray = [...lines.keys()].find((name) => !tableFiles.has(name));
    if (stray) throw damaged(archiveProblems.strayTable(stray));
    const media = manifest.files.filter((entry) => entryKind(entry.path)?.kind === 'media');
    if (media.length !== manifest.media.files || media.reduce((sum, entry) => sum + entry.size, 0) !== manifest.media.bytes) {
      throw damaged(archiveProblems.mediaTotals);
    }
    if (manifest.schema.version !== manifest.schema.migrations[manifest.schema.migrations.length - 1])
      throw damaged(archiveProblems.versionNotLast);
    return { manifest, staging };
  } catch (error) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The archive's schema against this program's migrations: a newer one is
 * refused, an older one is fine (the rows go into that schema, then the rest
 * of the migrations run). Its tables and columns must be those the migrations
 * make at its version, checked on a throwaway database.
 */
async function checkSchema(manifest: Manifest): Promise<SchemaShape> {
  const code = codeMigrations();
  const { version, migrations } = manifest.schema;
  const unknown = migrations.filter((name) => !code.includes(name));
  if (unknown.length > 0) {
    const latest = code[code.length - 1];
    throw new BackupFailure(
      unknown.every((name) => name > latest) ? restoreMessages.schemaNewer(version, latest) : restoreMessages.schemaUnknown(unknown),
    );
  }
  if (migrations.some((name, index) => code[index] !== name)) {
    throw new BackupFailure(restoreMessages.schemaMismatch(version, schemaProblems.order));
  }
  const shape = await schemaAt(version);
  const archived = new Map(manifest.tables.map((table) => [table.name, table]));
  for (const [name, table] of shape.tables) {
    const copy = archived.get(name);
    if (!copy) throw new BackupFailure(restoreMessages.schemaMismatch(version, schemaProblems.missingTable(name)));
    const same = copy.columns.length === table.columns.length && table.columns.every((column) => copy.columns.includes(column));
    if (!same) throw new BackupFailure(restoreMessages.schemaMismatch(version, schemaProblems.columns(name, table.columns)));
  }
  const extra = manifest.tables.find((table) => !shape.tables.has(table.name));
  if (extra) throw new BackupFailure(restoreMessages.schemaMismatch(version, schemaProblems.extraTable(extra.name)));
  return shape;
}

const sqliteFileOf = (target: RestoreTarget) => path.join(target.dataDir, SQLITE_FILE);

/** The target database for messages: the SQLite file, or the URL without its password. */
const databaseLabel = (target: RestoreTarget) => {
  if (!target.databaseUrl) return sqliteFileOf(target);
  const url = new URL(target.databaseUrl);
  url.password = '';
  return url.toString();
};

/** The target's database for reading only; undefined for a SQLite file that does not exist yet. */
function openForInspection(target: RestoreTarget): AnyDb | undefined {
  if (target.databaseUrl) return createDatabase(target);
  const file = sqliteFileOf(target);
  if (!fs.existsSync(file)) return undefined;
  return new Kysely({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) });
}

/** The media files an archive holds, by key, with their sizes and checksums. */
const archivedMedia = (manifest: Manifest) =>
  new Map(
    manifest.files.flatMap((entry) => {
      const kind = entryKind(entry.path);
      return kind?.kind === 'media' ? [[kind.key, entry] as const] : [];
    }),
  );

/**
 * What the target already holds that a restore would overwrite or mix with, for
 * the message that refuses it; empty when there is nothing. Media files under
 * the archive's own keys do not count (upload names are random, never another
 * site's): those with the same sha256 (only those of the same size are hashed)
 * go into `same` and are kept, so a site that moves only its database keeps its
 * media where they are; the others are written again from the archive.
 */
async function targetContents(
  target: RestoreTarget,
  seeded: Map<string, number>,
  archived: Map<string, { size: number; sha256: string }>,
  same: Set<string>,
): Promise<string[]> {
  const found: string[] = [];
  const db = openForInspection(target);
  if (db) {
    try {
      const rows = await contentRows(db, seeded);
      const total = [...rows.values()].reduce((sum, count) => sum + count, 0);
      if (total > 0) found.push(restoreMessages.targetRows(total, [...rows]));
    } catch (error) {
      throw new BackupFailure(restoreMessages.targetUnreachable(databaseLabel(target), errorMessage(error)));
    } finally {
      await db.destroy();
    }
  }
  let others = 0;
  for await (const object of target.media.list()) {
    const copy = archived.get(object.key);
    if (!copy) others += 1;
    else if (copy.size === object.size && (await target.media.sha256(object.key)) === copy.sha256) same.add(object.key);
  }
  if (others > 0) found.push(restoreMessages.targetMedia(others, target.media.location));
  return found;
}

/**
 * Whether a process (a running site) has the SQLite file open. In WAL mode the
 * -wal file lives while any connection does: the last one to close checkpoints
 * and deletes it, so after opening and closing it ourselves it is gone unless
 * someone else is there. Replacing the file under them would corrupt it.
 */
function sqliteInUse(file: string): boolean {
  if (!fs.existsSync(file) || !fs.existsSync(`${file}-wal`)) return false;
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
  return fs.existsSync(`${file}-wal`);
}

/**
 * What of an older schema would refuse rows that its later migrations take:
 * the unique index on lower(username) (migration 012, replaced by
 * users.username_key in 021). PostgreSQL's lower() folds all of Unicode,
 * SQLite's ASCII only, so a SQLite site could keep 'Ñandu' and 'ñandu' as two
 * accounts, and the index would refuse the second on PostgreSQL, failing the
 * whole restore. Dropped before the rows go in, it lets migration 021, which
 * runs after them, rename the later account instead (a no-op for archives of
 * 021 and after, which have no such index).
 */
async function beforeRows(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_username_lower').ifExists().execute();
}

/** The rows of every table, parents before children, then the id counters. */
async function loadRows(db: AnyDb, manifest: Manifest, staging: string, shape: SchemaShape): Promise<number> {
  const kind: DatabaseKind = kindOf(db);
  const tables = new Map(manifest.tables.map((table) => [table.name, table]));
  // The archive holds each table whole: rows the migrations wrote (a counter's first row) give way to it.
  for (const name of [...shape.order].reverse()) await db.deleteFrom(name).execute();
  let total = 0;
  for (const name of shape.order) {
    const { columns } = tables.get(name)!;
    // Well under both databases' limits on bound values (SQLite 32766, PostgreSQL 65535).
    const batchSize = Math.max(1, Math.floor(10_000 / Math.max(1, columns.length)));
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (batch.length > 0) await db.insertInto(name).values(batch).execute();
      total += batch.length;
      batch = [];
    };
    const lines = readline.createInterface({ input: fs.createReadStream(path.join(staging, `${name}.jsonl`)), crlfDelay: Infinity });
    for await (const line of lines) {
      const row = parseNeutralRow(line, columns);
      if (!row) throw new Error(archiveProblems.badRow(name));
      batch.push(Object.fromEntries(Object.entries(row).map(([column, value]) => [column, toDriverValue(value, kind)])));
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  }
  await writeCounters(db, await siteTables(db), new Map(manifest.tables.map((table) => [table.name, table.sequence])));
  return total;
}

/**
 * PostgreSQL: one transaction (PostgreSQL's DDL is transactional) drops what
 * the database held, rebuilds the schema at the archive's version, loads the
 * rows, sets the sequences and runs the newer migrations. Until it commits,
 * the database is as it was; if anything fails, it stays so.
 */
async function restorePostgres(target: RestoreTarget, manifest: Manifest, staging: string, shape: SchemaShape) {
  const db: AnyDb = createDatabase(target);
  try {
    return await db.transaction().execute(async (trx) => {
      // Every table of the site's schema goes, Kysely's bookkeeping with them: the migrator rebuilds it.
      const schema = await currentSchema(trx);
      const tables = await trx.introspection.getTables({ withInternalKyselyTables: true });
      for (const table of tables)
        if (!table.isView && table.schema === schema) await trx.schema.dropTable(table.name).ifExists().cascade().execute();
      await migrateTo(trx, manifest.schema.version);
      await beforeRows(trx);
      const rows = await loadRows(trx, manifest, staging, shape);
      const migrated = await migrateTo(trx);
      // The archive holds no search index: it is made again from the restored publications.
      await rebuildSearchIndex(trx);
      return { rows, migrated };
    });
  } finally {
    await db.destroy();
  }
}

/**
 * SQLite: the database is built whole in a new file beside the target's
 * (a hidden folder in DATA_DIR, so the rename stays on one file system), then
 * fsynced and renamed over it. The old file is replaced at once or not at all.
 */
async function restoreSqlite(target: RestoreTarget, manifest: Manifest, staging: string, shape: SchemaShape) {
  const file = sqliteFileOf(target);
  const existed = fs.existsSync(target.dataDir);
  const work = path.join(target.dataDir, `.restauracion-${crypto.randomUUID()}`);
  try {
    const db: AnyDb = createDatabase({ dataDir: work });
    let result: { rows: number; migrated: string[] };
    try {
      await migrateTo(db, manifest.schema.version);
      await beforeRows(db);
      const rows = await db.transaction().execute((trx) => loadRows(trx, manifest, staging, shape));
      result = { rows, migrated: await migrateTo(db) };
      // The archive holds no search index: it is made again from the restored publications.
      await db.transaction().execute((trx) => rebuildSearchIndex(trx));
    } finally {
      // Closing the only connection checkpoints the WAL into the file and deletes it.
      await db.destroy();
    }
    const built = path.join(work, SQLITE_FILE);
    const handle = await fs.promises.open(built, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (sqliteInUse(file)) throw new BackupFailure(restoreMessages.inUse(file));
    // Left by an old crash with no connection: they belong to the file being replaced.
    for (const suffix of ['-wal', '-shm', '-journal']) await fs.promises.rm(`${file}${suffix}`, { force: true });
    await fs.promises.rename(built, file);
    await syncDirectory(target.dataDir);
    return result;
  } catch (error) {
    if (!existed) await fs.promises.rm(target.dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * The second pass: the media, read from the archive again, each streamed to
 * the temporary folder and checked against the manifest once more (the file
 * could have changed since the first pass) before it is written, a few at a
 * time. Originals wait until every variant before them is written, as
 * storeImage does. Files the target already holds with the same sha256 are
 * kept (`keep`).
 */
async function restoreMedia(
  file: string,
  manifest: Manifest,
  store: ObjectStore,
  keep: Set<string>,
  staging: string,
): Promise<{ files: number; bytes: number; kept: number }> {
  const listed = new Map(manifest.files.map((entry) => [entry.path, entry]));
  const pending = new Set<Promise<void>>();
  const result = { files: 0, bytes: 0, kept: 0 };
  let originals = false;
  await readArchive(file, async ({ name, stream }) => {
    const kind = entryKind(name);
    if (kind?.kind !== 'media') return;
    if (keep.has(kind.key)) {
      result.kept += 1;
      return;
    }
    const expected = listed.get(name);
    const changed = () => new BackupFailure(restoreMessages.damaged(file, archiveProblems.changed(name)));
    if (!expected || !isUploadKey(kind.key)) throw changed();
    const copy = path.join(staging, `medio-${crypto.randomUUID()}`);
    const hash = crypto.createHash('sha256');
    let length = 0;
    try {
      await pipeline(
        stream,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            length += chunk.length;
            // More than the manifest says: stop at once rather than fill the disk.
            if (length > expected.size) throw changed();
            hash.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(copy, { mode: 0o600 }),
      );
      if (length !== expected.size || hash.digest('hex') !== expected.sha256) throw changed();
    } catch (error) {
      await fs.promises.rm(copy, { force: true });
      throw error;
    }
    if (!originals && isUploadOriginal(kind.key)) {
      originals = true;
      await Promise.all(pending);
    }
    while (pending.size >= WRITES_AT_ONCE) await Promise.race(pending);
    const write = store
      .writeFile(kind.key, copy, expected.sha256)
      .then(() => {
        result.files += 1;
        result.bytes += length;
      })
      .finally(async () => {
        pending.delete(write);
        await fs.promises.rm(copy, { force: true });
      });
    pending.add(write);
    write.catch(() => {});
  });
  await Promise.all(pending);
  return result;
}

/**
 * npm run restore: verifies the whole archive, checks its schema and that the
 * target is empty (or `force`), then writes the database in one step (a
 * transaction, or a file renamed into place) and the media after it. Works
 * across databases: the archive's rows are database-neutral (rows.ts).
 */
export async function restoreBackup({
  file: requested,
  target,
  force = false,
  print = console.info,
}: RestoreOptions): Promise<RestoreReport> {
  const file = path.resolve(requested);
  const { manifest, staging } = await verifyArchive(file);
  try {
    const shape = await checkSchema(manifest);
    const archivedRows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    print(
      restoreMessages.verified(
        file,
        manifest.created_at,
        manifest.database.kind,
        manifest.schema.version,
        archivedRows,
        manifest.media.files,
      ),
    );

    const archived = archivedMedia(manifest);
    const same = new Set<string>();
    const contents = await targetContents(target, (await schemaAt()).seeded, archived, same);
    if (contents.length > 0 && !force) throw new BackupFailure(restoreMessages.notEmpty(contents));
    if (!target.databaseUrl && sqliteInUse(sqliteFileOf(target))) throw new BackupFailure(restoreMessages.inUse(sqliteFileOf(target)));
    // Room for the media to write, checked before anything is: each passes through the temporary
    // folder (a few at once, the largest bounded), and a local folder keeps them all.
    const keep = force ? new Set<string>() : same;
    const toWrite = [...archived].filter(([key]) => !keep.has(key)).map(([, entry]) => entry.size);
    await checkRoom(staging, Math.max(0, ...toWrite) * WRITES_AT_ONCE);
    if (target.media.kind === 'local')
      await checkRoom(
        target.media.root,
        toWrite.reduce((sum, size) => sum + size, 0),
      );

    let database: { rows: number; migrated: string[] };
    try {
      database = target.databaseUrl
        ? await restorePostgres(target, manifest, staging, shape)
        : await restoreSqlite(target, manifest, staging, shape);
    } catch (error) {
      if (error instanceof BackupFailure) throw error;
      throw new BackupFailure(restoreMessages.databaseFailed(error instanceof Error ? error.message : String(error)));
    }
    print(restoreMessages.databaseDone(databaseLabel(target), database.rows, manifest.tables.length, database.migrated));

    let media: { files: number; bytes: number; kept: number };
    try {
      // With --force every file is written again: the point may be to repair them.
      media = await restoreMedia(file, manifest, target.media, keep, staging);
    } catch (error) {
      throw new BackupFailure(restoreMessages.mediaFailed(error instanceof Error ? error.message : String(error)));
    }
    print(restoreMessages.done(media.files, media.bytes, media.kept, target.media.location));
    return {
      manifest,
      rows: database.rows,
      mediaFiles: media.files,
      mediaBytes: media.bytes,
      mediaKept: media.kept,
      migrated: database.migrated,
    };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
