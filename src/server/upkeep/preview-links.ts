import { deleteExpiredPreviewLinks } from '../db/preview-links-repository';
import type { Services } from '../services';
import type { UpkeepJob } from './schedule';

/** Expired private links can never open anything again: they go, as a job of the app's upkeep timer; idempotent. */
export function expiredPreviewLinksJob(services: Services): UpkeepJob {
  return {
    name: 'expired preview links',
    run: async () => ({ expired: await deleteExpiredPreviewLinks(services.db, new Date().toISOString()) }),
  };
}
