import { parseArgs } from 'node:util';
import { runCommand } from '../backup/command';
import { restoreMessages } from '../backup/messages';
import { restoreBackup } from '../backup/restore';
import { mediaStoreOf, siteLocationFromEnv } from '../backup/site-settings';

// npm run restore -- FILE [--force]
// Restores an archive of `npm run backup` into the database and media storage
// this environment names (DATA_DIR, DATABASE_URL, MEDIA_STORAGE): the way to
// recover a site, and to move it from SQLite to PostgreSQL (docs/operations.md).
async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  } catch {
    args = undefined;
  }
  if (args?.positionals.length !== 1) {
    console.error(restoreMessages.usage);
    process.exit(2);
  }
  const { values, positionals } = args;
  const location = siteLocationFromEnv();
  const media = mediaStoreOf(location);
  try {
    await restoreBackup({
      file: positionals[0],
      target: { dataDir: location.dataDir, databaseUrl: location.databaseUrl, media },
      force: values.force,
    });
    console.info(restoreMessages.sessions);
  } finally {
    await media.close();
  }
}

runCommand(main);
