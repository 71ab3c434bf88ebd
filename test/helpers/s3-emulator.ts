import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '@/server/media/media-config';

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export interface S3Emulator {
  endpoint: string;
  /** A new, empty bucket, and the settings that reach it (with a prefix, if given). */
  newBucket(prefix?: string): Promise<S3Settings>;
  /** The same bucket as MEDIA_STORAGE=s3 environment variables. */
  env(settings: S3Settings): Record<string, string>;
  /** Raw access to the bucket, past the code under test. */
  objects(bucket: string): Promise<{ key: string; size: number }[]>;
  object(bucket: string, key: string): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string }>;
  put(bucket: string, key: string, bytes: Buffer, contentType?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, from npm) on a free loopback port, its
 * objects in a temporary folder; started by each test file that needs a bucket.
 */
export async function startS3Emulator(): Promise<S3Emulator> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3-emulator-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: REGION, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    async newBucket(prefix = '') {
      const bucket = `medios-${crypto.randomBytes(4).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { bucket, region: REGION, endpoint, prefix, credentials: CREDENTIALS };
    },
    env: (settings) => ({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_PREFIX: settings.prefix,
    }),
    async objects(bucket) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((o) => ({ key: o.Key!, size: o.Size ?? 0 })).sort((a, b) => a.key.localeCompare(b.key));
    },
    async object(bucket, key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        bytes: Buffer.from(await object.Body!.transformToByteArray()),
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
      };
    },
    async put(bucket, key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
