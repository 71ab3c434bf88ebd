import crypto from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { isSafeKey } from '../media/media-keys';
import { archiveProblems } from './messages';

/**
 * The archive (docs/decisions/131-backup-and-restore.md): a .tar.gz holding
 *
 *   database/<table>.jsonl   one JSON object per row, as the queries see it
 *   media/<key>              every stored media file, by its key
 *   manifest.json            last: what the archive is, and every file above with its size and sha256
 *
 * The manifest comes last because it lists the checksums of everything before it.
 */
export const BACKUP_FORMAT = 'master-educacion-emocional/backup';
/** Raised when the archive's layout or the manifest's meaning changes; a reader refuses versions above its own. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_NAME = 'manifest.json';
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export const tableEntry = (table: string) => `database/${table}.jsonl`;
export const mediaEntry = (key: string) => `media/${key}`;

export type EntryKind = { kind: 'table'; table: string } | { kind: 'media'; key: string } | { kind: 'manifest' };

/** What an archive member's name says it is; undefined for a name this format never writes. */
export function entryKind(name: string): EntryKind | undefined {
  if (name === MANIFEST_NAME) return { kind: 'manifest' };
  const table = /^database\/([^/]+)\.jsonl$/.exec(name)?.[1];
  if (table !== undefined) return TABLE_NAME.test(table) ? { kind: 'table', table } : undefined;
  if (name.startsWith('media/')) {
    const key = name.slice('media/'.length);
    return isSafeKey(key) ? { kind: 'media', key } : undefined;
  }
  return undefined;
}

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });
const Count = Type.Integer({ minimum: 0 });

export const ManifestTable = Type.Object({
  name: Type.String({ pattern: TABLE_NAME.source }),
  rows: Count,
  /** The columns every row of the file carries. */
  columns: Type.Array(Type.String({ minLength: 1 })),
  /** The highest id the table's counter had handed out (ids of deleted rows included); null when it has none. */
  sequence: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});

export const ManifestFile = Type.Object({ path: Type.String({ minLength: 1 }), size: Count, sha256: Sha256 });

export const Manifest = Type.Object({
  format: Type.Literal(BACKUP_FORMAT),
  format_version: Type.Integer({ minimum: 1 }),
  created_at: Type.String(),
  /** The migrations applied to the database copied, in order; `version` is the last of them. */
  schema: Type.Object({ version: Type.String(), migrations: Type.Array(Type.String(), { minItems: 1 }) }),
  database: Type.Object({ kind: Type.Union([Type.Literal('sqlite'), Type.Literal('postgresql')]) }),
  tables: Type.Array(ManifestTable),
  media: Type.Object({ location: Type.String(), files: Count, bytes: Count }),
  /** Every member before the manifest, in archive order. */
  files: Type.Array(ManifestFile),
  /** sha256 of the `sha256sum` listing of `files` (checksumOf): one value that stands for all the data. */
  checksum: Sha256,
});

export type Manifest = Static<typeof Manifest>;
export type ManifestTable = Static<typeof ManifestTable>;
export type ManifestFile = Static<typeof ManifestFile>;

/**
 * The files as `sha256sum` lists them ("<sha256>  <path>\n" each), hashed: so
 * that an operator can check an unpacked archive with `sha256sum -c` too.
 */
export function checksumOf(files: ManifestFile[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(`${file.sha256}  ${file.path}\n`);
  return hash.digest('hex');
}

export type ManifestProblem = { problem: 'foreign' | 'shape'; detail: string } | { problem: 'newer'; found: number };

/**
 * The manifest's shape, checked in the order that gives the clearest message:
 * another program's JSON, then a newer format (whose shape this reader cannot
 * know), then the shape. Its meaning (checksums, schema) is the reader's job.
 */
export function parseManifest(text: string): { manifest: Manifest } | ManifestProblem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'shape', detail: archiveProblems.manifestNotJson };
  }
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== BACKUP_FORMAT) {
    return { problem: 'foreign', detail: archiveProblems.otherProgram };
  }
  const found = (value as { format_version?: unknown }).format_version;
  if (typeof found === 'number' && Number.isInteger(found) && found > BACKUP_FORMAT_VERSION) return { problem: 'newer', found };
  if (!Value.Check(Manifest, value)) {
    const first = Value.Errors(Manifest, value)[0];
    return { problem: 'shape', detail: archiveProblems.manifestInvalid(first && `${first.instancePath || '/'} ${first.message}`) };
  }
  return { manifest: value };
}
