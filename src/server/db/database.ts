import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { Pool } from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;
/** A connection or an open transaction: repositories accept either. */
export type DbOrTrx = Db | Transaction<Database>;

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * Kysely over better-sqlite3 (a file under DATA_DIR) by default, or over pg
 * when DATABASE_URL is set. Everything above this file is the same for both.
 */
export function createDatabase({ dataDir, databaseUrl }: DatabaseOptions): Db {
  if (databaseUrl) {
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection can die (database restart, failover); the pool drops it and
    // opens another. Without a listener, pg would turn that into a process crash.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'db.sqlite3'));
  // WAL lets readers go on while a write commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own lower() folds ASCII only; PostgreSQL's folds every letter. This
  // one makes case-insensitive searches find 'Á' with 'á' on both.
  sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
