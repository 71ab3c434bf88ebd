/**
 * In-process cache of public answers, keyed by request.
 *
 * Public content changes only through admin writes, and every write bumps a
 * version row in the same transaction (db/content-version-repository.ts).
 * This instance clears its cache right after its own writes; other instances
 * sharing the database notice the new version at their next check, at most
 * `checkIntervalMs` later. The day is part of the key too: a publication dated
 * tomorrow becomes public at midnight without any write.
 *
 * A generation counter guards the race where an answer computed from data
 * read before a write would be stored after that write cleared the cache.
 */
/** A public answer as it goes on the wire: the body and every header, security headers included. */
export interface CachedAnswer {
  body: Buffer;
  headers: Record<string, string | number | string[]>;
}

export class PublicCache<T = Buffer> {
  private entries = new Map<string, T>();
  private generation = 0;
  private knownVersion: number | undefined;
  private knownDay: string | undefined;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly options: {
      readVersion: () => Promise<number>;
      today: () => string;
      checkIntervalMs: number;
      maxEntries?: number;
      now?: () => number;
    },
  ) {}

  /** The cached answer, after making sure the cache is not older than the interval. */
  async get(key: string): Promise<T | undefined> {
    const now = (this.options.now ?? Date.now)();
    if (now - this.checkedAt >= this.options.checkIntervalMs) {
      this.checking ??= this.check(now).finally(() => (this.checking = undefined));
      await this.checking;
    }
    return this.entries.get(key);
  }

  /**
   * The cached answer only when no version check is due: synchronous, for the
   * front of the server (cache/cache-front.ts). undefined means "ask get()".
   */
  peek(key: string): T | undefined {
    const now = (this.options.now ?? Date.now)();
    return now - this.checkedAt < this.options.checkIntervalMs ? this.entries.get(key) : undefined;
  }

  /** Call before reading the data an answer is made of; pass the result to set(). */
  begin(): number {
    return this.generation;
  }

  set(key: string, value: T, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= (this.options.maxEntries ?? 1000)) this.entries.clear();
    this.entries.set(key, value);
  }

  /** After a write of this instance: forget everything now. */
  invalidate(): void {
    this.entries.clear();
    this.generation += 1;
    this.checkedAt = -Infinity;
  }

  private async check(now: number): Promise<void> {
    const [version, day] = [await this.options.readVersion(), this.options.today()];
    if (version !== this.knownVersion || day !== this.knownDay) {
      this.entries.clear();
      this.generation += 1;
      this.knownVersion = version;
      this.knownDay = day;
    }
    this.checkedAt = now;
  }
}
