/**
 * Counts failed logins per IP and per username in a sliding window. A caller
 * is refused once either key reached the maximum; a successful login clears
 * its username's count (not its IP's, so one valid account cannot be used to
 * keep guessing others from the same address).
 *
 * In memory on purpose: a restart or another instance gives an attacker a
 * fresh budget of at most `max` guesses, which is tolerable for an admin
 * login (docs/decisions/013-login-rate-limit.md).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  retryAfter(ip: string, username: string): number {
    const waits = [this.keyIp(ip), this.keyUser(username)].map((key) => {
      const times = this.recent(key);
      return times.length >= this.max ? times[0] + this.windowMs - this.now() : 0;
    });
    return Math.ceil(Math.max(0, ...waits) / 1000);
  }

  recordFailure(ip: string, username: string): void {
    for (const key of [this.keyIp(ip), this.keyUser(username)]) {
      const times = this.recent(key);
      times.push(this.now());
      this.failures.set(key, times);
    }
    this.prune();
  }

  recordSuccess(username: string): void {
    this.failures.delete(this.keyUser(username));
  }

  private keyIp = (ip: string) => `ip:${ip}`;
  private keyUser = (username: string) => `user:${username.toLowerCase()}`;

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  // Keeps memory bounded under a flood of distinct usernames.
  private prune(): void {
    if (this.failures.size < 10_000) return;
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}
