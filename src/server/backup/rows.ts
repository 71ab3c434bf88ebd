import type { DatabaseKind, TableShape } from './schema';

/**
 * Rows in the archive's database-neutral form: one JSON object per line,
 * column to value, with the values the queries see on either database
 * (docs/decisions/011: booleans are 0/1, timestamps and dates text). Only what
 * the drivers hand over differently is evened out here.
 */
export type NeutralValue = string | number | boolean | null | { $base64: string };
export type NeutralRow = Record<string, NeutralValue>;

/** A driver's value as the archive keeps it. */
function neutral(value: unknown, integer: boolean): NeutralValue {
  if (value === null || value === undefined) return null;
  // pg hands bigint columns over as text (so as not to lose precision past 2^53).
  if (typeof value === 'string' && integer && /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString('base64') };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  // A type no column of the schema has (json, arrays): kept as its text.
  return JSON.stringify(value);
}

export function toNeutralRow(row: Record<string, unknown>, table: TableShape): NeutralRow {
  const out: NeutralRow = {};
  for (const column of table.columns) out[column] = neutral(row[column], table.integers.has(column));
  return out;
}

const isNeutralValue = (value: unknown): value is NeutralValue =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (typeof value === 'object' && Object.keys(value).length === 1 && typeof (value as { $base64?: unknown }).$base64 === 'string');

/** One line of a table's file, checked: an object with exactly the table's columns. Undefined when it is not. */
export function parseNeutralRow(line: string, columns: string[]): NeutralRow | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== columns.length || !columns.every((column) => Object.hasOwn(value, column))) return undefined;
  return Object.values(value).every(isNeutralValue) ? (value as NeutralRow) : undefined;
}

/** A neutral value as the target's driver takes it: better-sqlite3 binds no booleans. */
export function toDriverValue(value: NeutralValue, kind: DatabaseKind): unknown {
  if (value !== null && typeof value === 'object') return Buffer.from(value.$base64, 'base64');
  if (typeof value === 'boolean' && kind === 'sqlite') return value ? 1 : 0;
  return value;
}
