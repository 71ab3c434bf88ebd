import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { countLoginAttempts } from '../db/login-attempts-repository';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { LoginThrottle, type LoginReservation } from './login-throttle';

// The throttle against an in-memory SQLite database; test/api/login-security.test.ts runs
// it through the API on SQLite and PostgreSQL, with simultaneous requests, many addresses,
// device cookies and two instances.
describe('LoginThrottle', () => {
  let now = 0;
  let db: Kysely<Database>;
  const throttle = (unknownDevicesPerHour = 100) => new LoginThrottle(db, { max: 3, windowMs: 60_000, unknownDevicesPerHour }, () => now);
  const from = (network: string, username: string, device: string | null = null) => ({ network, username, device });
  /** A wrong password: the reservation is kept. */
  const fail = async (t: LoginThrottle, network: string, username: string, device: string | null = null) => {
    const reservation = await t.reserve(from(network, username, device));
    expect(reservation.allowed).toBe(true);
  };
  const retryAfter = (reservation: LoginReservation) => (reservation.allowed ? 0 : reservation.retryAfterSeconds);

  beforeEach(async () => {
    now = 1_000_000;
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await migrateToLatest(db);
  });
  afterEach(async () => db.destroy());

  it('refuses a network once it holds the maximum of failures, whatever the username, and says how long to wait', async () => {
    const t = throttle();
    for (const user of ['a', 'b', 'c']) await fail(t, '10.0.0.1', user);
    now += 10_000;
    expect(retryAfter(await t.reserve(from('10.0.0.1', 'd')))).toBe(50);
    expect((await t.reserve(from('10.0.0.2', 'd'))).allowed).toBe(true);
  });

  it('unknown browsers share one budget per username, from however many networks (case-insensitively)', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await fail(t, `10.0.0.${i}`, 'ana');
    await fail(t, '10.0.0.9', 'otra');
    expect(retryAfter(await t.reserve(from('10.0.0.9', 'ana')))).toBe(60);
    expect(retryAfter(await t.reserve(from('192.168.1.5', 'ANA')))).toBe(60);
    expect(await t.lockedForUnknownDevices('Ana')).toBe(true);
    expect((await t.reserve(from('10.0.0.9', 'beatriz'))).allowed).toBe(true);
  });

  it('and over an hour, however the window slides: no more than the hourly budget', async () => {
    const t = throttle(5);
    let allowed = 0;
    for (let minute = 0; minute < 60; minute++, now += 60_000) {
      for (let i = 0; i < 4; i++) if ((await t.reserve(from(`10.0.${minute}.${i}`, 'admin'))).allowed) allowed++;
    }
    expect(allowed).toBe(5);
  });

  it('a known browser keeps its own budget: an attacker who locked the username does not lock it out', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await fail(t, `10.0.0.${i}`, 'admin');
    expect((await t.reserve(from('192.168.1.5', 'admin'))).allowed).toBe(false);

    const known = await t.reserve(from('192.168.1.5', 'admin', 'browser-1'));
    expect(known.allowed).toBe(true);
    if (known.allowed) await known.release();
    // Its own failures count for it alone.
    for (let i = 0; i < 3; i++) await fail(t, '192.168.1.5', 'admin', 'browser-1');
    expect(retryAfter(await t.reserve(from('192.168.1.5', 'admin', 'browser-1')))).toBe(60);
    expect((await t.reserve(from('192.168.1.5', 'admin', 'browser-2'))).allowed).toBe(true);
  });

  it('counts each attempt before its check: of simultaneous attempts, only the maximum get a place', async () => {
    const t = throttle();
    const reservations = await Promise.all(Array.from({ length: 20 }, (_, i) => t.reserve(from(`10.0.1.${i}`, 'ana'))));
    expect(reservations.filter((r) => r.allowed)).toHaveLength(3);
    expect(await countLoginAttempts(db)).toBe(3);
  });

  it('a success gives its own place back but does not clear earlier failures', async () => {
    const t = throttle();
    await fail(t, '10.0.0.1', 'ana');
    await fail(t, '10.0.0.1', 'ana');
    const success = await t.reserve(from('10.0.0.1', 'ana'));
    if (!success.allowed) throw new Error('refused');
    await success.release();
    expect(await countLoginAttempts(db)).toBe(2);
    await fail(t, '10.0.0.1', 'ana');
    expect((await t.reserve(from('10.0.0.1', 'ana'))).allowed).toBe(false);
  });

  it('forgets failures older than the window, and sweeps their rows so the table stays small', async () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) await fail(t, '10.0.0.1', 'ana');
    now += 30_000;
    expect(retryAfter(await t.reserve(from('10.0.0.1', 'ana')))).toBe(30);
    now += 30_001;
    expect((await t.reserve(from('10.0.0.1', 'ana'))).allowed).toBe(true);
    // Rows are kept an hour (the unknown browsers' hourly budget), then swept.
    expect(await countLoginAttempts(db)).toBe(4);
    now += 60 * 60_000;
    expect((await t.reserve(from('10.0.0.1', 'ana'))).allowed).toBe(true);
    expect(await countLoginAttempts(db)).toBe(1);
  });

  it("cuts overlong networks, usernames and device ids to the columns' sizes instead of failing", async () => {
    const t = throttle();
    await fail(t, 'x'.repeat(500), 'Ñ'.repeat(1000), 'd'.repeat(300));
    expect(await db.selectFrom('login_attempts').select(['ip', 'username', 'device']).executeTakeFirst()).toEqual({
      ip: 'x'.repeat(64),
      username: 'ñ'.repeat(150),
      device: 'd'.repeat(64),
    });
  });
});
