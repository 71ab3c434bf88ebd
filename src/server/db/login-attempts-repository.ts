import crypto from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Db, DbOrTrx } from './database';

export interface AttemptToReserve {
  /** Already normalised by the caller (auth/login-throttle.ts). */
  ip: string;
  username: string;
  /** Unix milliseconds. */
  now: number;
  /** Attempts at or before this moment (unix ms) are out of the window. */
  since: number;
  /** Attempts allowed per IP and per username inside the window. */
  max: number;
}

// An arbitrary first key for PostgreSQL's two-key advisory locks, so that these
// locks cannot meet any other use of advisory locks in the same database.
const LOCK_SPACE = 0x10c1;

/** A 32-bit lock key for a throttle key; a collision only makes two keys wait for each other. */
const lockKey = (key: string): number => crypto.createHash('sha256').update(key).digest().readInt32BE(0);

/**
 * Writes the attempt if there is room for it, and says so with its id
 * (undefined when refused). Room means: fewer than `max` attempts of this IP
 * in the window, and either fewer than `max` of this username or none at all
 * of this IP (an address with no recent failure may still try a username that
 * others have locked; docs/decisions/120-login-throttle-shared-and-bounded.md).
 *
 * The count and the insert must not interleave with another reservation of
 * the same IP or username, or a burst would see the same free room many times:
 * - SQLite: the whole check is one INSERT … SELECT … WHERE statement, which
 *   holds the database's write lock from start to end (across processes too);
 * - PostgreSQL: a statement does not see rows that concurrent transactions
 *   have not committed, so the transaction first takes an advisory lock per
 *   key (in a fixed order, so two reservations never wait for each other in a
 *   circle); the next holder's statement then sees every committed row.
 */
export async function reserveLoginAttempt(db: Db, attempt: AttemptToReserve): Promise<number | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return insertIfRoom(db, attempt);
  const keys = [...new Set([lockKey(`ip:${attempt.ip}`), lockKey(`user:${attempt.username}`)])].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    for (const key of keys) await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${key})`.execute(trx);
    return insertIfRoom(trx, attempt);
  });
}

async function insertIfRoom(db: DbOrTrx, { ip, username, now, since, max }: AttemptToReserve): Promise<number | undefined> {
  const recent = (column: 'ip' | 'username', value: string) =>
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', value)
      .where('attempted_at', '>', since);
  const row = await db
    .insertInto('login_attempts')
    .columns(['ip', 'username', 'attempted_at'])
    .expression(
      db
        // Typed values: PostgreSQL takes an untyped parameter in a SELECT list for text.
        .selectNoFrom((eb) => [
          eb.cast<string>(eb.val(ip), 'varchar(64)').as('ip'),
          eb.cast<string>(eb.val(username), 'varchar(150)').as('username'),
          eb.cast<number>(eb.val(now), 'bigint').as('attempted_at'),
        ])
        .where((eb) =>
          eb.and([eb(recent('ip', ip), '<', max), eb.or([eb(recent('username', username), '<', max), eb(recent('ip', ip), '=', 0)])]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * When a key last had `n` attempts in the window: the time (unix ms) of its
 * n-th newest attempt, or undefined when it holds fewer than n. Once that
 * attempt leaves the window, the key holds fewer than n.
 */
export async function nthNewestLoginAttempt(db: DbOrTrx, column: 'ip' | 'username', value: string, since: number, n: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_attempts')
    .select('attempted_at')
    .where(column, '=', value)
    .where('attempted_at', '>', since)
    .orderBy('attempted_at', 'desc')
    .limit(1)
    .offset(n - 1)
    .executeTakeFirst();
  // PostgreSQL answers bigint columns as text.
  return row && Number(row.attempted_at);
}

/** Gives a reserved attempt back: its password was right, or it was never checked. */
export async function deleteLoginAttempt(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

/** Sweeps attempts that left the window, which keeps the table small. */
export async function deleteLoginAttemptsUpTo(db: DbOrTrx, since: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', since).execute();
}

/** How many attempts the table holds (tests and diagnostics). */
export async function countLoginAttempts(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('login_attempts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
