import { usernameKey } from '@/domain/accounts';
import type { Db } from '../db/database';
import {
  type AttemptsOf,
  countLoginAttemptsOf,
  deleteLoginAttempt,
  deleteLoginAttemptsUpTo,
  nthNewestLoginAttempt,
  reserveLoginAttempt,
  usernamesWithUnknownDeviceAttempts,
} from '../db/login-attempts-repository';

export type LoginReservation =
  /** The password may be checked. `release()` when it was right (or never checked): only failures keep their place. */
  | { allowed: true; release: () => Promise<void> }
  /** 429: try again in this many seconds. */
  | { allowed: false; retryAfterSeconds: number };

export interface LoginAttempt {
  /** The client's network (auth/client-network.ts). */
  network: string;
  username: string;
  /** The known browser the attempt comes from (auth/login-devices.ts), or null. */
  device: string | null;
}

export interface LoginThrottleLimits {
  /** Failures per client network, per known browser and per username from unknown browsers, in `windowMs`. */
  max: number;
  windowMs: number;
  /** Failures all unknown browsers together may make at one username in an hour. */
  unknownDevicesPerHour: number;
}

/** Old rows are swept at most this often per process: often enough to keep the table small, rarely enough to cost nothing. */
const SWEEP_INTERVAL_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Sign-in attempts counted in the database, so that every worker and every
 * instance counts the same ones
 * (docs/decisions/123-login-throttle-networks-and-known-devices.md).
 *
 * An attempt takes its place BEFORE the slow password check: a burst of
 * simultaneous guesses cannot all pass a check that only counts finished
 * failures. A right password gives its place back; a wrong one leaves it as
 * the failure. Which places it needs depends on where it comes from:
 * - from a browser that once signed in as this username (a device cookie):
 *   room among that browser's own failures, and nothing else. Whatever others
 *   try, the real person on a known browser keeps their way in;
 * - from any other browser: room for its client network, and room in the
 *   budget that every unknown browser shares at this username (`max` in the
 *   window, `unknownDevicesPerHour` in an hour). However many addresses an
 *   attacker has, they share that one budget.
 * A success does not clear earlier failures: that would hand an attacker a
 * fresh budget.
 */
export class LoginThrottle {
  private lastSweep = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly limits: LoginThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The limits an attempt must have room in: what it is counted against, since when, how many. */
  private limitsOf({ network, username, device }: LoginAttempt, now: number): { of: AttemptsOf; since: number; max: number }[] {
    const { max, windowMs, unknownDevicesPerHour } = this.limits;
    if (device !== null) return [{ of: { device }, since: now - windowMs, max }];
    return [
      { of: { ip: network }, since: now - windowMs, max },
      { of: { unknownDevicesAt: username }, since: now - windowMs, max },
      { of: { unknownDevicesAt: username }, since: now - HOUR_MS, max: unknownDevicesPerHour },
    ];
  }

  async reserve(attempt: LoginAttempt): Promise<LoginReservation> {
    // The columns' sizes; a username counts by its key (one budget however it is typed), none longer than 150.
    const normalised = {
      network: attempt.network.slice(0, 64),
      username: usernameKey(attempt.username).slice(0, 150),
      device: attempt.device?.slice(0, 64) ?? null,
    };
    const now = this.now();
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      await deleteLoginAttemptsUpTo(this.db, now - Math.max(this.limits.windowMs, HOUR_MS));
    }
    const limits = this.limitsOf(normalised, now);
    const id = await reserveLoginAttempt(this.db, {
      ip: normalised.network,
      username: normalised.username,
      device: normalised.device,
      now,
      limits,
    });
    if (id !== undefined) return { allowed: true, release: () => deleteLoginAttempt(this.db, id) };
    return { allowed: false, retryAfterSeconds: await this.retryAfter(limits, now) };
  }

  /**
   * Whether unknown browsers have used up their budget at this username: the
   * username is locked for everyone but its known browsers.
   */
  async lockedForUnknownDevices(username: string): Promise<boolean> {
    const now = this.now();
    const [, window, hour] = this.limitsOf({ network: '', username: usernameKey(username).slice(0, 150), device: null }, now);
    for (const limit of [window, hour]) if ((await countLoginAttemptsOf(this.db, limit.of, limit.since)) >= limit.max) return true;
    return false;
  }

  /** Every username locked for unknown browsers now (their keys, usernameKey), for the dashboard. */
  async usernamesLockedForUnknownDevices(): Promise<string[]> {
    const now = this.now();
    const [inWindow, inHour] = await Promise.all([
      usernamesWithUnknownDeviceAttempts(this.db, now - this.limits.windowMs, this.limits.max),
      usernamesWithUnknownDeviceAttempts(this.db, now - HOUR_MS, this.limits.unknownDevicesPerHour),
    ]);
    return [...new Set([...inWindow, ...inHour])].sort();
  }

  /**
   * Until every limit that is full has room again: the n-th newest attempt it
   * counts leaves its window. At least a second: a place freed meanwhile (a
   * success) is not worth a precise answer.
   */
  private async retryAfter(limits: { of: AttemptsOf; since: number; max: number }[], now: number): Promise<number> {
    let wait = 0;
    for (const { of, since, max } of limits) {
      const at = await nthNewestLoginAttempt(this.db, of, since, max);
      if (at !== undefined) wait = Math.max(wait, at + (now - since) - now);
    }
    return Math.max(1, Math.ceil(wait / 1000));
  }
}
