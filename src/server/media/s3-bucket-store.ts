import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Settings } from './media-config';
import { assertSafeKey, contentTypeOf, isSafeKey, UPLOAD_CACHE_CONTROL } from './media-keys';
import { MediaNotFound, type S3ObjectStore } from './object-store';
import { errorName } from '../thrown';

type Sdk = typeof S3;

/** The metadata key (x-amz-meta-sha256) that holds an object's sha256, hex. */
const SHA256_METADATA = 'sha256';

/** The HTTP status of the SDK's error (its `$metadata`), if it has one. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata;
  if (typeof metadata !== 'object' || metadata === null || !('httpStatusCode' in metadata)) return undefined;
  return typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}
const isMissing = (error: unknown) => statusOf(error) === 404 || errorName(error) === 'NoSuchKey' || errorName(error) === 'NotFound';

/**
 * Media as objects of one bucket, under S3_PREFIX, through the official SDK.
 * Each object is written with its Content-Type and a year-long Cache-Control,
 * so that a public bucket or a CDN (MEDIA_PUBLIC_URL) answers as /media/ does.
 * The SDK is loaded on first use, so a site on the local folder never loads it.
 * Each object also carries its sha256 as metadata (x-amz-meta-sha256): a
 * restore keeps an object that is already there only when it matches, without
 * reading it back.
 */
export function createS3BucketStore(settings: S3Settings): S3ObjectStore {
  const { bucket, prefix } = settings;
  let connection: Promise<{ sdk: Sdk; client: S3.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        // S3-compatible servers (MinIO, Garage, Ceph...) are reached as endpoint/bucket/key,
        // not through a bucket-named host that their DNS does not have.
        forcePathStyle: settings.endpoint !== undefined,
        credentials: settings.credentials,
        // Not every S3-compatible server understands the checksums the SDK adds by default;
        // only the operations that require one send it.
        ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      }),
    })));
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };
  const put = async (key: string, body: Buffer | Readable, length: number, sha256: string) => {
    const { sdk, client } = await connect();
    // A PUT replaces the object at once: readers get the old bytes or the new, never a part.
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Body: body,
        ContentLength: length,
        ContentType: contentTypeOf(key),
        CacheControl: UPLOAD_CACHE_CONTROL,
        Metadata: { [SHA256_METADATA]: sha256 },
      }),
    );
  };

  return {
    kind: 's3',
    location: `s3://${bucket}/${prefix}`,

    async *list(keyPrefix = '') {
      const { sdk, client } = await connect();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${keyPrefix}`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          // Folder markers that some consoles create ('images/'), and names no key could have, are not media.
          const key = object.Key?.slice(prefix.length);
          if (key === undefined || !isSafeKey(key)) continue;
          yield { key, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async read(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) throw new MediaNotFound(key);
        throw error;
      }
    },

    async write(key, bytes) {
      await put(key, bytes, bytes.length, crypto.createHash('sha256').update(bytes).digest('hex'));
    },

    async writeFile(key, file, sha256) {
      const { size } = await fs.stat(file);
      await put(key, createReadStream(file), size, sha256);
    },

    async sha256(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        const sha256 = head.Metadata?.[SHA256_METADATA];
        return sha256 && /^[0-9a-f]{64}$/.test(sha256) ? sha256 : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async size(key) {
      const { sdk, client } = await connect();
      try {
        return (await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }))).ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      const { sdk, client } = await connect();
      // S3 answers a delete of a missing key with success; so do the compatible servers.
      // One DeleteObject per key rather than DeleteObjects, which some servers want signed with Content-MD5.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async open(key, { ifNoneMatch, headOnly = false } = {}) {
      const { sdk, client } = await connect();
      const input = { Bucket: bucket, Key: objectKey(key), IfNoneMatch: ifNoneMatch };
      try {
        const object = await client.send(headOnly ? new sdk.HeadObjectCommand(input) : new sdk.GetObjectCommand(input));
        const body = 'Body' in object && object.Body instanceof Readable ? object.Body : undefined;
        // A server that ignores If-None-Match still sends the ETag: compare it here.
        if (ifNoneMatch && object.ETag && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === object.ETag)) {
          body?.destroy();
          return { status: 304, etag: object.ETag };
        }
        return {
          status: 200,
          body,
          contentType: object.ContentType ?? contentTypeOf(key),
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        // The bucket's 304: the tag the browser sent is the object's (when it sent one alone).
        if (statusOf(error) === 304) return { status: 304, etag: ifNoneMatch?.includes(',') ? undefined : ifNoneMatch?.trim() };
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async close() {
      if (connection) (await connection).client.destroy();
    },
  };
}
