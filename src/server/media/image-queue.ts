/**
 * Runs image work a few at a time (security issue, item 12). Decoding a large
 * image takes hundreds of megabytes and every CPU libvips is given; six
 * 7000 × 7000 PNGs uploaded at once took 33 s and 1 GB together. In line, each
 * gets the machine in turn and memory stays at `concurrency` images' worth.
 * First come, first served; per process, as memory is.
 */
export class ImageQueue {
  private running = 0;
  private readonly line: (() => void)[] = [];

  constructor(readonly concurrency: number) {}

  /** Runs `work` once one of the `concurrency` places is free. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    // A task that finishes hands its place over directly, so `running` never goes past the bound.
    else await new Promise<void>((resolve) => this.line.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a place. */
  get waiting(): number {
    return this.line.length;
  }
}
