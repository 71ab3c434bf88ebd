import { ACTIVITY_IP_KEPT_DAYS } from '@/domain/history';
import { pruneActivity } from '../db/activity-repository';
import type { Services } from '../services';
import type { UpkeepJob } from './schedule';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The activity log's retention at `now`: entries older than
 * ACTIVITY_RETENTION_DAYS go, and sign-in addresses older than
 * ACTIVITY_IP_KEPT_DAYS are cleared. Plain statements, outside writeContent:
 * the public cache is not told. Several processes may run it at once; it is
 * idempotent.
 */
export async function pruneExpiredActivity(services: Services, now: Date = new Date()): Promise<{ deleted: number; cleared: number }> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  return pruneActivity(services.db, before(services.config.activityRetentionDays), before(ACTIVITY_IP_KEPT_DAYS));
}

/** The retention as a job of the app's upkeep timer. */
export function activityRetentionJob(services: Services): UpkeepJob {
  return { name: 'activity retention', run: () => pruneExpiredActivity(services) };
}
