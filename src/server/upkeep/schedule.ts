import type { FastifyBaseLogger } from 'fastify';

/** What upkeep writes to the log: the app's logger, or a request's. */
export type UpkeepLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** How often each process runs its upkeep jobs, such as the purge of expired trash entries (and once when it starts). */
const UPKEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A periodic task of the upkeep timer: what it answers (counts of what it removed) is logged when any is above 0. */
export interface UpkeepJob {
  name: string;
  run(): Promise<Record<string, number>>;
}

/**
 * The upkeep of one process (the trash purge, the activity log's retention):
 * every job once when the app is ready (start() answers when that first round
 * is over, failed or not), then every UPKEEP_INTERVAL_MS on a timer that does
 * not keep the process alive. `stop` (on app close) waits for a round under
 * way, so that it never meets a closed database. A job that fails is logged
 * and tried again at the next tick; the others run all the same.
 */
export function scheduleUpkeep(
  jobs: readonly UpkeepJob[],
  log: UpkeepLog,
  intervalMs: number = UPKEEP_INTERVAL_MS,
): { start(): Promise<void>; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runJob = async (job: UpkeepJob): Promise<void> => {
    try {
      const counts = await job.run();
      if (Object.values(counts).some((count) => count > 0)) log.info(counts, `${job.name}: done`);
    } catch (error) {
      log.error({ err: error }, `${job.name} failed`);
    }
  };
  const run = (): Promise<void> => {
    running ??= (async () => {
      for (const job of jobs) await runJob(job);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    async start() {
      if (timer) return;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      await run();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
