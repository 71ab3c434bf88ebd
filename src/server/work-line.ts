/** `run` was refused at once: every place was taken and the waiting line was full. */
export class LineFullError extends Error {
  constructor() {
    super('The waiting line is full');
  }
}

/**
 * Runs asynchronous work at most `concurrency` at a time, first come, first
 * served; at most `maxWaiting` tasks wait their turn, and beyond that `run`
 * refuses at once with LineFullError. A task that finishes hands its place to
 * the next one directly, so the running count never goes past the bound.
 * Per process, as the thread pool and the memory it protects are.
 * `concurrency` Infinity is no bound at all.
 */
export class WorkLine {
  private busy = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting = Infinity,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy < this.concurrency) {
      this.busy++;
    } else {
      if (this.line.length >= this.maxWaiting) throw new LineFullError();
      await new Promise<void>((resolve) => this.line.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.busy--;
    }
  }

  /** Tasks running now. */
  get running(): number {
    return this.busy;
  }

  /** Tasks waiting for a place. */
  get waiting(): number {
    return this.line.length;
  }

  /** True while a new task would be refused: every place taken and the waiting line full. */
  get full(): boolean {
    return this.busy >= this.concurrency && this.line.length >= this.maxWaiting;
  }
}
