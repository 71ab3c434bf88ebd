import path from 'node:path';
import { loadConfig } from '../config';
import { createLocalFolderStore } from '../media/local-folder-store';
import type { MediaStorageSettings } from '../media/media-config';
import type { ObjectStore } from '../media/object-store';
import { createS3BucketStore } from '../media/s3-bucket-store';

type Env = Record<string, string | undefined>;

/** Where the site keeps its data, read from the environment as the server reads it. */
export interface SiteLocation {
  dataDir: string;
  databaseUrl?: string;
  mediaStorage: MediaStorageSettings;
}

/**
 * DATA_DIR, DATABASE_URL and the media settings through loadConfig, so that
 * the commands agree with the server on every default. Without SECRET_KEY,
 * loadConfig would create DATA_DIR/secret_key: the commands need no key, and
 * a restore must not write in its target before the archive is verified.
 */
export function siteLocationFromEnv(env: Env = process.env): SiteLocation {
  const config = loadConfig({ ...env, SECRET_KEY: env.SECRET_KEY || 'no-la-usan-las-copias' });
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, mediaStorage: config.mediaStorage };
}

/**
 * The media backend the site uses, as mediaStorageFromSettings chooses it
 * (DATA_DIR/media, or the bucket of the S3_* variables): the store alone,
 * without the image processing (sharp) that a copy never needs.
 */
export const mediaStoreOf = ({ mediaStorage, dataDir }: SiteLocation): ObjectStore =>
  mediaStorage.kind === 's3' ? createS3BucketStore(mediaStorage) : createLocalFolderStore(path.join(dataDir, 'media'));
