import { LineFullError, WorkLine } from '../work-line';

/** The waiting line was full: answer 503 with Retry-After instead of queueing without end. */
export { LineFullError as HashingBusyError };

/**
 * Bounds how many password hashes run at once in this process. scrypt runs on
 * libuv's thread pool (4 threads by default), which file reads (the /media/
 * images, static files) also use: during a burst of 300 failed sign-ins,
 * unbounded hashing filled every thread and one image waited about 30 s instead
 * of a few milliseconds; bounded, a quarter of a second (bench/login-burst.ts,
 * docs/performance.md). With at most `concurrency` hashes running, the other
 * threads stay free for everything else. Up to `queue` checks wait their turn;
 * beyond that a check is refused at once, before it costs the server anything
 * but parsing the request.
 *
 * Per process on purpose: each worker has its own thread pool.
 * `concurrency` Infinity is no bound at all (the behaviour before the gate).
 */
export class HashingGate extends WorkLine {
  constructor(
    concurrency: number,
    readonly queue: number,
  ) {
    super(concurrency, queue);
  }

  /** Checks running and waiting now (tests, diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }
}
