import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { countLoginAttempts } from '../db/login-attempts-repository';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { LoginThrottle, type LoginReservation } from './login-throttle';

// The throttle against an in-memory SQLite database; test/api/login-security.test.ts runs
// it through the API on SQLite and PostgreSQL, with simultaneous requests and two instances.
describe('LoginThrottle', () => {
  let now = 0;
  let db: Kysely<Database>;
  const throttle = () => new LoginThrottle(db, 3, 60_000, () => now);
  /** A wrong password: the reservation is kept. */
  const fail = async (t: LoginThrottle, ip: string, username: string) => {
    const reservation = await t.reserve(ip, username);
    expect(reservation.allowed).toBe(true);
  };
  const retryAfter = (reservation: LoginReservation) => (reservation.allowed ? 0 : reservation.retryAfterSeconds);

  beforeEach(async () => {
    now = 1_000_000;
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await migrateToLatest(db);
  });
  afterEach(async () => db.destroy());

  it('refuses an address once it holds the maximum of failures, whatever the username, and says how long to wait', async () => {
    const t = throttle();
    for (const user of ['a', 'b', 'c']) await fail(t, '10.0.0.1', user);
    now += 10_000;
    expect(retryAfter(await t.reserve('10.0.0.1', 'd'))).toBe(50);
    expect((await t.reserve('10.0.0.2', 'd')).allowed).toBe(true);
  });

  it('refuses a username that holds the maximum of failures to addresses that failed too (case-insensitively)', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await fail(t, `10.0.0.${i}`, 'ana');
    await fail(t, '10.0.0.9', 'otra');
    expect(retryAfter(await t.reserve('10.0.0.9', 'ana'))).toBe(60);
    expect(retryAfter(await t.reserve('10.0.0.0', 'ANA'))).toBe(60);
    expect((await t.reserve('10.0.0.9', 'beatriz')).allowed).toBe(true);
  });

  it('lets an address with no recent failure try a locked username, one attempt at a time', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await fail(t, `10.0.0.${i}`, 'admin');
    const [first, second] = await Promise.all([t.reserve('192.168.1.5', 'admin'), t.reserve('192.168.1.5', 'admin')]);
    expect([first.allowed, second.allowed].sort()).toEqual([false, true]);
    // The right password gives the place back: the address is clean again and may sign in next time too.
    const granted = first.allowed ? first : second;
    if (granted.allowed) await granted.release();
    const again = await t.reserve('192.168.1.5', 'admin');
    expect(again.allowed).toBe(true);
    // A wrong one stays: the address has a failure now, and the username's lock applies to it.
    expect(await t.reserve('192.168.1.5', 'admin')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('counts each attempt before its check: of simultaneous attempts, only the maximum get a place', async () => {
    const t = throttle();
    const reservations = await Promise.all(Array.from({ length: 20 }, () => t.reserve('10.0.0.1', 'ana')));
    expect(reservations.filter((r) => r.allowed)).toHaveLength(3);
    expect(await countLoginAttempts(db)).toBe(3);
  });

  it('a success gives its own place back but does not clear earlier failures', async () => {
    const t = throttle();
    await fail(t, '10.0.0.1', 'ana');
    await fail(t, '10.0.0.1', 'ana');
    const success = await t.reserve('10.0.0.1', 'ana');
    if (!success.allowed) throw new Error('refused');
    await success.release();
    expect(await countLoginAttempts(db)).toBe(2);
    await fail(t, '10.0.0.1', 'ana');
    expect((await t.reserve('10.0.0.1', 'ana')).allowed).toBe(false);
  });

  it('forgets failures older than the window, and sweeps their rows so the table stays small', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await fail(t, '10.0.0.1', 'ana');
    now += 30_000;
    expect(retryAfter(await t.reserve('10.0.0.1', 'ana'))).toBe(30);
    now += 30_001;
    expect((await t.reserve('10.0.0.1', 'ana')).allowed).toBe(true);
    // The sweep (at most once a minute) deleted the three old rows; the new attempt is the only one left.
    expect(await countLoginAttempts(db)).toBe(1);
  });

  it('cuts overlong addresses and usernames to the columns\' sizes instead of failing', async () => {
    const t = throttle();
    await fail(t, 'x'.repeat(500), 'Ñ'.repeat(1000));
    expect(await db.selectFrom('login_attempts').select(['ip', 'username']).executeTakeFirst()).toEqual({ ip: 'x'.repeat(64), username: 'ñ'.repeat(150) });
  });
});
