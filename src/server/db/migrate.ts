import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import * as initial from './migrations/2026-11-22-001-initial';
import * as recordVersions from './migrations/2026-11-22-002-record-versions';
import * as sessionFamilies from './migrations/2026-11-22-003-session-families';
import * as loginAttempts from './migrations/2026-11-22-004-login-attempts';
import * as trash from './migrations/2026-11-23-005-trash';
import * as listIndexes from './migrations/2026-11-23-006-list-indexes';
import * as revisionsAndActivity from './migrations/2026-11-23-007-revisions-and-activity';
import * as publicationSearchKey from './migrations/2026-11-23-008-publication-search-key';
import * as biographySearchKey from './migrations/2026-11-24-009-biography-search-key';
import * as idempotencyKeys from './migrations/2026-11-24-010-idempotency-keys';
import * as loginDevices from './migrations/2026-11-24-011-login-devices';
import * as accounts from './migrations/2026-11-24-012-accounts';
import * as publicSearch from './migrations/2026-11-24-014-public-search';
import * as editorialStatus from './migrations/2026-11-24-015-editorial-status';
import * as previewLinks from './migrations/2026-11-24-016-preview-links';
import * as presence from './migrations/2026-11-24-017-presence';
import * as narrowerSearchIndex from './migrations/2026-11-25-018-narrower-search-index';
import * as searchPublicFields from './migrations/2026-12-01-019-search-public-fields';
import * as refreshTokenSuccessors from './migrations/2026-12-05-020-refresh-token-successors';
import * as usernameKey from './migrations/2026-12-05-021-username-key';
import * as media from './migrations/2026-12-05-022-media';
import * as mediaAdoption from './migrations/2026-12-05-023-media-adoption';
import * as listOrder from './migrations/2026-12-05-024-list-order';
import * as publicationEvents from './migrations/2026-12-05-025-publication-events';
import * as siteSettings from './migrations/2026-12-06-026-site-settings';
import * as outbox from './migrations/2026-12-06-027-outbox';
import * as accountEmails from './migrations/2026-12-06-028-account-emails';
import * as emailChanges from './migrations/2026-12-06-029-email-changes';

// Listed in code rather than read from a folder so that tsx, Jest and a
// bundler all see the same set. Names sort in the order they must run.
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-record-versions': recordVersions,
  '2026-11-22-003-session-families': sessionFamilies,
  '2026-11-22-004-login-attempts': loginAttempts,
  '2026-11-23-005-trash': trash,
  '2026-11-23-006-list-indexes': listIndexes,
  '2026-11-23-007-revisions-and-activity': revisionsAndActivity,
  '2026-11-23-008-publication-search-key': publicationSearchKey,
  '2026-11-24-009-biography-search-key': biographySearchKey,
  '2026-11-24-010-idempotency-keys': idempotencyKeys,
  '2026-11-24-011-login-devices': loginDevices,
  '2026-11-24-012-accounts': accounts,
  '2026-11-24-014-public-search': publicSearch,
  '2026-11-24-015-editorial-status': editorialStatus,
  '2026-11-24-016-preview-links': previewLinks,
  '2026-11-24-017-presence': presence,
  '2026-11-25-018-narrower-search-index': narrowerSearchIndex,
  '2026-12-01-019-search-public-fields': searchPublicFields,
  '2026-12-05-020-refresh-token-successors': refreshTokenSuccessors,
  '2026-12-05-021-username-key': usernameKey,
  '2026-12-05-022-media': media,
  '2026-12-05-023-media-adoption': mediaAdoption,
  '2026-12-05-024-list-order': listOrder,
  '2026-12-05-025-publication-events': publicationEvents,
  '2026-12-06-026-site-settings': siteSettings,
  '2026-12-06-027-outbox': outbox,
  '2026-12-06-028-account-emails': accountEmails,
  '2026-12-06-029-email-changes': emailChanges,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
