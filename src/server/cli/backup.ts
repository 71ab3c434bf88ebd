import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/backup';
import { runCommand } from '../backup/command';
import { BackupFailure, backupMessages } from '../backup/messages';
import { mediaStoreOf, siteLocationFromEnv } from '../backup/site-settings';
import { createDatabase, SQLITE_FILE } from '../db/database';

// npm run backup -- --out FILE
// Copies the database and every media file into one .tar.gz while the site
// keeps running (docs/operations.md, docs/decisions/131-backup-and-restore.md).
async function main(): Promise<void> {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: 'string' } } }).values.out;
  } catch {
    out = undefined;
  }
  if (!out) {
    console.error(backupMessages.usage);
    process.exit(2);
  }
  const location = siteLocationFromEnv();
  const sqliteFile = path.join(location.dataDir, SQLITE_FILE);
  // createDatabase would make an empty one: say there is nothing to copy instead.
  if (!location.databaseUrl && !fs.existsSync(sqliteFile)) throw new BackupFailure(backupMessages.noDatabase(sqliteFile));
  const db = createDatabase(location);
  const media = mediaStoreOf(location);
  // Ctrl-C or a service manager's stop: the partial file is deleted on the way out.
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  try {
    await createBackup({ db, media, out, signal: stop.signal });
  } finally {
    await db.destroy();
    await media.close();
  }
}

runCommand(main);
