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
 *
 * Anyone can make the server compute an answer, so what the cache holds is
 * bounded in bytes, not in entries (anonymous clients choose the addresses): at most
 * `maxBytes`, the least recently used entries leaving first, and an answer
 * larger than an eighth of it is served but not kept, so that one huge answer
 * cannot push out everything else. Keys say only what the answer depends on
 * (cache/public-key.ts), so junk parameters do not make copies either.
 */
/** An answer larger than this share of the ceiling is not kept. */
const MAX_ENTRY_SHARE = 1 / 8;

/**
 * What one entry costs beyond its value and its key: the Map's slot, the
 * entry, the answer's objects and the Buffer's bookkeeping. Generous on
 * purpose: bench/public-cache-memory.ts measured about 600 bytes in all for
 * a small answer (headers included, whose strings entries share), which this
 * counts as about 2 KB; the ceiling holds however small the answers are.
 */
export const ENTRY_OVERHEAD_BYTES = 1024;

interface Entry<T> {
  value: T;
  bytes: number;
}

export interface PublicCacheOptions<T> {
  readVersion: () => Promise<number>;
  today: () => string;
  checkIntervalMs: number;
  /** The most bytes the entries may hold, keys and overhead included (Infinity: no bound). */
  maxBytes: number;
  /** The bytes of one value. */
  sizeOf: (value: T) => number;
  now?: () => number;
}

export class PublicCache<T = Buffer> {
  // A Map keeps insertion order: a hit moves its entry to the end, so the first is the least recently used.
  private entries = new Map<string, Entry<T>>();
  private heldBytes = 0;
  private generation = 0;
  private knownVersion: number | undefined;
  private knownDay: string | undefined;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;

  constructor(private readonly options: PublicCacheOptions<T>) {}

  /** Bytes held now, as counted against maxBytes. */
  get bytes(): number {
    return this.heldBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached answer, after making sure the cache is not older than the interval. */
  async get(key: string): Promise<T | undefined> {
    const now = (this.options.now ?? Date.now)();
    if (now - this.checkedAt >= this.options.checkIntervalMs) {
      this.checking ??= this.check(now).finally(() => (this.checking = undefined));
      await this.checking;
    }
    return this.use(key);
  }

  /**
   * The cached answer only when no version check is due: synchronous, for the
   * front of the server (cache/cache-front.ts). undefined means "ask get()".
   */
  peek(key: string): T | undefined {
    const now = (this.options.now ?? Date.now)();
    return now - this.checkedAt < this.options.checkIntervalMs ? this.use(key) : undefined;
  }

  /** Call before reading the data an answer is made of; pass the result to set(). */
  begin(): number {
    return this.generation;
  }

  set(key: string, value: T, generation: number): void {
    if (generation !== this.generation) return;
    this.remove(key);
    const bytes = this.options.sizeOf(value) + key.length + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.options.maxBytes * MAX_ENTRY_SHARE) return;
    this.entries.set(key, { value, bytes });
    this.heldBytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.heldBytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** After a write of this instance: forget everything now. */
  invalidate(): void {
    this.clear();
    this.generation += 1;
    this.checkedAt = -Infinity;
  }

  private use(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }

  private clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  private async check(now: number): Promise<void> {
    const [version, day] = [await this.options.readVersion(), this.options.today()];
    if (version !== this.knownVersion || day !== this.knownDay) {
      this.clear();
      this.generation += 1;
      this.knownVersion = version;
      this.knownDay = day;
    }
    this.checkedAt = now;
  }
}
