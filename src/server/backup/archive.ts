import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { MANIFEST_NAME, type Manifest, type ManifestFile } from './manifest';
import { errorCode, errorMessage } from '../thrown';
import { archiveProblems, BackupFailure, backupMessages, restoreMessages } from './messages';

/**
 * The .tar.gz container, through tar-stream and Node's zlib. Writing goes to a
 * file that the caller renames into place once `finish` has fsynced it; reading
 * turns every way a file can fail to be an archive into a BackupFailure that
 * says which.
 */

/** Bytes and checksum of one member, as the manifest lists it. */
const describe = (path: string, bytes: Buffer): ManifestFile => ({
  path,
  size: bytes.length,
  sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
});

export class ArchiveWriter {
  /** The members written so far, in order: the manifest's `files`. */
  readonly files: ManifestFile[] = [];
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  /** Why the file could not be written (a full disk, a folder gone): said instead of the pack's own complaint. */
  private failure: BackupFailure | undefined;

  private constructor(
    handle: fs.promises.FileHandle,
    private readonly file: string,
    private readonly mtime: Date,
  ) {
    // The stream owns the handle from here on and closes it when it ends or fails.
    this.written = pipeline(this.pack, zlib.createGzip(), handle.createWriteStream());
    this.written.catch((error: unknown) => {
      this.failure ??= new BackupFailure(backupMessages.cannotWrite(path.dirname(file), errorMessage(error)));
    });
  }

  /** Creates the file: 'wx', a name nobody else is writing; 0600, the archive holds password hashes. */
  static async create(file: string, mtime: Date): Promise<ArchiveWriter> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'wx', 0o600);
    } catch (error) {
      throw new BackupFailure(backupMessages.cannotWrite(path.dirname(file), errorMessage(error)));
    }
    return new ArchiveWriter(handle, file, mtime);
  }

  /** Adds one member; resolves once the compressor has taken it (so memory stays bounded). */
  async add(name: string, bytes: Buffer): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) => {
        this.pack.entry({ name, size: bytes.length, mode: 0o600, mtime: this.mtime }, bytes, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    } catch (error) {
      // Let the pipeline report why it stopped.
      await this.written.catch(() => {});
      throw this.failure ?? error;
    }
    this.files.push(describe(name, bytes));
  }

  /** Adds the manifest last, ends the archive and waits until its bytes are on the disk. */
  async finish(manifest: Manifest): Promise<void> {
    await this.add(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    this.pack.finalize();
    try {
      await this.written;
    } catch (error) {
      throw this.failure ?? error;
    }
    // fsync is per file, not per descriptor: a new one flushes what the stream wrote.
    const handle = await fs.promises.open(this.file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Stops writing (the caller deletes the file). */
  async abort(): Promise<void> {
    this.pack.destroy(new Error('aborted'));
    await this.written.catch(() => {});
  }
}

/** Makes a directory entry (a rename into it) durable; some systems cannot open a directory, which is then left to them. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported here (EISDIR, EPERM): the rename is still atomic.
  } finally {
    await handle?.close();
  }
}

export interface ArchiveEntry {
  name: string;
  /** The size the tar header announces. */
  size: number;
  /** Its bytes; whatever is left unread is skipped. */
  stream: AsyncIterable<Buffer>;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head.equals(GZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/** Why reading stopped, for the operator: a file that ends early, bytes that do not decompress, a tar that is not one. */
function failureOf(file: string, error: unknown, entriesSeen: number): unknown {
  if (error instanceof BackupFailure) return error;
  const code = errorCode(error);
  const message = errorMessage(error);
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(message))
    return new BackupFailure(restoreMessages.damaged(file, archiveProblems.endsEarly));
  if (code?.startsWith('Z_')) return new BackupFailure(restoreMessages.damaged(file, archiveProblems.badCompression(message)));
  if (/tar header|tar/i.test(message)) {
    return entriesSeen === 0
      ? new BackupFailure(restoreMessages.foreign(file, archiveProblems.notTar))
      : new BackupFailure(restoreMessages.damaged(file, archiveProblems.badTarHeader));
  }
  // Anything else is no damage of the archive's: thrown as it came.
  return error;
}

/**
 * Reads the archive's members one after another, handing each to `onEntry`
 * (which must consume or ignore its stream before resolving). Any problem of
 * the file itself becomes a BackupFailure; what `onEntry` throws passes through.
 */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  try {
    await fs.promises.access(file, fs.constants.R_OK);
  } catch {
    throw new BackupFailure(restoreMessages.missing(file));
  }
  if (!(await startsWithGzipMagic(file))) throw new BackupFailure(restoreMessages.notGzip(file));
  const extract = tar.extract();
  const feeding = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  feeding.catch(() => {});
  let seen = 0;
  try {
    for await (const entry of extract) {
      seen += 1;
      const { name, type, size } = entry.header;
      if (type !== 'file') throw new BackupFailure(restoreMessages.foreign(file, archiveProblems.notAFile(name)));
      await onEntry({ name, size: size ?? 0, stream: entry as AsyncIterable<Buffer> });
      // Whatever the caller left unread is skipped.
      entry.resume();
    }
    await feeding;
  } catch (error) {
    extract.destroy();
    await feeding.catch(() => {});
    throw failureOf(file, error, seen);
  }
}

/** Reads a whole member, refusing one larger than `limit` bytes. */
export async function readAll(stream: AsyncIterable<Buffer>, limit = Infinity): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += chunk.length;
    if (length > limit) throw new RangeError(`member larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
