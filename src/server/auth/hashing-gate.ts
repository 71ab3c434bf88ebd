/** The waiting line was full: answer 503 with Retry-After instead of queueing without end. */
export class HashingBusyError extends Error {
  constructor() {
    super('Too many password checks at once');
  }
}

/**
 * Bounds how many password hashes run at once in this process. scrypt runs on
 * libuv's thread pool (4 threads by default), which file reads (the /media/
 * images, static files) also use: during a burst of 300 failed sign-ins,
 * unbounded hashing filled every thread and one image waited about 30 s instead
 * of a few milliseconds; bounded, a quarter of a second (bench/login-burst.ts,
 * docs/performance.md). With at most `concurrency` hashes running, the other
 * threads stay free for everything else. Up to `queue` checks wait their turn
 * (first come, first served); beyond that a check is refused at once, before
 * it costs the server anything but parsing the request.
 *
 * Per process on purpose: each worker has its own thread pool.
 * `concurrency` Infinity is no bound at all (the behaviour before the gate).
 */
export class HashingGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /** Runs `work` once a place is free; throws HashingBusyError at once when the waiting line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.queue) throw new HashingBusyError();
      // The check that finishes hands its place over directly (running stays the same).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** True while a new check would be refused: every place taken and the waiting line full. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  /** Checks running and waiting now (tests, diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
