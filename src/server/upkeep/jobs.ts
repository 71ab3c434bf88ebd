import type { Services } from '../services';
import { activityRetentionJob } from './activity-retention';
import { keptAnswersJob } from './kept-answers';
import { mediaFactsJob } from './media-facts';
import { expiredPreviewLinksJob } from './preview-links';
import type { UpkeepJob, UpkeepLog } from './schedule';
import { trashPurgeJob } from './trash-purge';

/**
 * Every upkeep job of a process: expired trash entries, old activity, kept save answers, expired
 * private links, the facts of library images adopted from the content.
 */
export function upkeepJobs(services: Services, log: UpkeepLog): UpkeepJob[] {
  return [
    trashPurgeJob(services, log),
    activityRetentionJob(services),
    keptAnswersJob(services),
    expiredPreviewLinksJob(services),
    mediaFactsJob(services),
  ];
}
