import crypto from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Db, DbOrTrx } from './database';

/** Whose attempts are counted: one client network's, one known browser's, or those of unknown browsers at one username. */
export type AttemptsOf = { ip: string } | { device: string } | { unknownDevicesAt: string };

export interface AttemptToReserve {
  /** Already normalised by the caller (auth/login-throttle.ts): the client's network. */
  ip: string;
  username: string;
  /** The known browser it comes from, or null for an unknown one. */
  device: string | null;
  /** Unix milliseconds. */
  now: number;
  /**
   * The attempt is written only if each of these holds fewer than `max`
   * attempts after `since` (unix ms).
   */
  limits: { of: AttemptsOf; since: number; max: number }[];
}

// An arbitrary first key for PostgreSQL's two-key advisory locks, so that these
// locks cannot meet any other use of advisory locks in the same database.
const LOCK_SPACE = 0x10c1;

/** A 32-bit lock key for a throttle key; a collision only makes two keys wait for each other. */
const lockKey = (of: AttemptsOf): number => crypto.createHash('sha256').update(JSON.stringify(of)).digest().readInt32BE(0);

const attemptsOf = (db: DbOrTrx, of: AttemptsOf, since: number) => {
  const query = db.selectFrom('login_attempts').where('attempted_at', '>', since);
  if ('ip' in of) return query.where('ip', '=', of.ip);
  if ('device' in of) return query.where('device', '=', of.device);
  return query.where('username', '=', of.unknownDevicesAt).where('device', 'is', null);
};

/**
 * Writes the attempt if every limit has room for it, and says so with its id
 * (undefined when refused). auth/login-throttle.ts decides which limits apply
 * (docs/decisions/123-login-throttle-networks-and-known-devices.md).
 *
 * The counts and the insert must not interleave with another reservation of
 * the same keys, or a burst would see the same free room many times:
 * - SQLite: the whole check is one INSERT … SELECT … WHERE statement, which
 *   holds the database's write lock from start to end (across processes too);
 * - PostgreSQL: a statement does not see rows that concurrent transactions
 *   have not committed, so the transaction first takes an advisory lock per
 *   key (in a fixed order, so two reservations never wait for each other in a
 *   circle); the next holder's statement then sees every committed row.
 */
export async function reserveLoginAttempt(db: Db, attempt: AttemptToReserve): Promise<number | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return insertIfRoom(db, attempt);
  const keys = [...new Set(attempt.limits.map((limit) => lockKey(limit.of)))].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    for (const key of keys) await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${key})`.execute(trx);
    return insertIfRoom(trx, attempt);
  });
}

async function insertIfRoom(db: DbOrTrx, { ip, username, device, now, limits }: AttemptToReserve): Promise<number | undefined> {
  const row = await db
    .insertInto('login_attempts')
    .columns(['ip', 'username', 'device', 'attempted_at'])
    .expression(
      db
        // Typed values: PostgreSQL takes an untyped parameter in a SELECT list for text.
        .selectNoFrom((eb) => [
          eb.cast<string>(eb.val(ip), 'varchar(64)').as('ip'),
          eb.cast<string>(eb.val(username), 'varchar(150)').as('username'),
          eb.cast<string | null>(eb.val(device), 'varchar(64)').as('device'),
          eb.cast<number>(eb.val(now), 'bigint').as('attempted_at'),
        ])
        .where((eb) =>
          eb.and(
            limits.map(({ of, since, max }) =>
              eb(
                attemptsOf(db, of, since).select((count) => count.fn.countAll().as('n')),
                '<',
                max,
              ),
            ),
          ),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * When these attempts last numbered `n`: the time (unix ms) of the n-th newest
 * after `since`, or undefined when there are fewer than n. Once that attempt
 * leaves the window, there are fewer than n.
 */
export async function nthNewestLoginAttempt(db: DbOrTrx, of: AttemptsOf, since: number, n: number): Promise<number | undefined> {
  const row = await attemptsOf(db, of, since)
    .select('attempted_at')
    .orderBy('attempted_at', 'desc')
    .limit(1)
    .offset(n - 1)
    .executeTakeFirst();
  // PostgreSQL answers bigint columns as text.
  return row && Number(row.attempted_at);
}

/** How many attempts these are after `since`. */
export async function countLoginAttemptsOf(db: DbOrTrx, of: AttemptsOf, since: number): Promise<number> {
  const row = await attemptsOf(db, of, since)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The usernames whose attempts from unknown browsers number `max` or more
 * after `since`: those the throttle refuses to unknown browsers now.
 */
export async function usernamesWithUnknownDeviceAttempts(db: DbOrTrx, since: number, max: number): Promise<string[]> {
  const rows = await db
    .selectFrom('login_attempts')
    .select('username')
    .where('device', 'is', null)
    .where('attempted_at', '>', since)
    .groupBy('username')
    .having((eb) => eb.fn.countAll(), '>=', max)
    .execute();
  return rows.map((row) => row.username);
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
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
