import type { Db } from '../db/database';
import { deleteLoginAttempt, deleteLoginAttemptsUpTo, nthNewestLoginAttempt, reserveLoginAttempt } from '../db/login-attempts-repository';

export type LoginReservation =
  /** The password may be checked. `release()` when it was right (or never checked): only failures keep their place. */
  | { allowed: true; release: () => Promise<void> }
  /** 429: try again in this many seconds. */
  | { allowed: false; retryAfterSeconds: number };

/** Old rows are swept at most this often per process: often enough to keep the table small, rarely enough to cost nothing. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Login attempts per IP and per username in a sliding window, kept in the
 * database so that every worker and every instance counts the same ones
 * (docs/decisions/120-login-throttle-shared-and-bounded.md).
 *
 * An attempt takes its place BEFORE the slow password check: a burst of
 * simultaneous guesses cannot all pass a check that only counts finished
 * failures. A right password gives its place back; a wrong one leaves it as
 * the failure. Once an IP holds `max` places it is refused; once a username
 * does, it is refused to every IP that has a failure of its own in the window,
 * while an address with none may still try (so nobody can lock the admin out
 * by failing on purpose from elsewhere). A success does not clear earlier
 * failures: that would hand an attacker a fresh budget.
 */
export class LoginThrottle {
  private lastSweep = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async reserve(rawIp: string, rawUsername: string): Promise<LoginReservation> {
    // The columns' sizes; usernames compare case-insensitively, and none is longer than 150.
    const ip = rawIp.slice(0, 64);
    const username = rawUsername.toLowerCase().slice(0, 150);
    const now = this.now();
    const since = now - this.windowMs;
    if (now - this.lastSweep >= SWEEP_INTERVAL_MS) {
      this.lastSweep = now;
      await deleteLoginAttemptsUpTo(this.db, since);
    }
    const id = await reserveLoginAttempt(this.db, { ip, username, now, since, max: this.max });
    if (id !== undefined) return { allowed: true, release: () => deleteLoginAttempt(this.db, id) };
    return { allowed: false, retryAfterSeconds: await this.retryAfter(ip, username, since, now) };
  }

  /**
   * Until the IP holds fewer than `max` attempts, and then until either the
   * username holds fewer than `max` or the IP holds none. At least a second:
   * a place freed meanwhile (a success) is not worth a precise answer.
   */
  private async retryAfter(ip: string, username: string, since: number, now: number): Promise<number> {
    const waitFor = async (column: 'ip' | 'username', value: string, n: number) => {
      const at = await nthNewestLoginAttempt(this.db, column, value, since, n);
      return at === undefined ? 0 : at + this.windowMs - now;
    };
    const ipFull = await waitFor('ip', ip, this.max);
    const usernameOrCleanIp = Math.min(await waitFor('username', username, this.max), await waitFor('ip', ip, 1));
    return Math.max(1, Math.ceil(Math.max(ipFull, usernameOrCleanIp) / 1000));
  }
}
