import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { Pool } from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;
/** A connection or an open transaction: repositories accept either. */
export type DbOrTrx = Db | Transaction<Database>;

/** The SQLite database's file under DATA_DIR. */
export const SQLITE_FILE = 'db.sqlite3';

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
  // DATA_DIR holds the database, the media and the secret key: a new one is this user's alone,
  // and so is the database file (SQLite gives its -wal and -shm files the same mode).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SQLITE_FILE);
  try {
    fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  } catch {
    // It exists already: an older install may have created it readable by others.
    fs.chmodSync(file, 0o600);
  }
  const sqlite = new SQLite(file);
  // WAL lets readers go on while a write commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
