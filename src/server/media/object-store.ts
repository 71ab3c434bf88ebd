import type { Readable } from 'node:stream';

/** A stored file: its key (media-keys.ts) and its size in bytes. */
export interface StoredObject {
  key: string;
  size: number;
}

/** `read` of a key that holds nothing. */
export class MediaNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored media at "${key}"`);
  }
}

/**
 * Where media bytes live, by key. Two backends (docs/decisions/018): the local
 * folder and an S3 bucket. Every method checks its key with assertSafeKey.
 */
export interface ObjectStoreBase {
  /** Where the keys live, for people: the folder's path, or s3://bucket/prefix/. */
  readonly location: string;
  /** Every stored object whose key starts with `prefix`, in no promised order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** The whole object; MediaNotFound when there is none. */
  read(key: string): Promise<Buffer>;
  /** Creates or replaces the object; a reader never sees it half written. */
  write(key: string, bytes: Buffer): Promise<void>;
  /**
   * Creates or replaces the object from a file on disk, streamed (a restore's
   * media may be large); `sha256` is the file's, already checked by the caller.
   */
  writeFile(key: string, file: string, sha256: string): Promise<void>;
  /**
   * The sha256 of the stored bytes, hex: the file's, hashed; or, in a bucket,
   * the one written as the object's metadata when it was stored (undefined for
   * an object stored without it). Undefined when there is no object.
   */
  sha256(key: string): Promise<string | undefined>;
  /**
   * The object for an HTTP answer: streamed (no body when `headOnly`), 304
   * when `ifNoneMatch` names its ETag, undefined when there is none.
   */
  open(key: string, options?: { ifNoneMatch?: string; headOnly?: boolean }): Promise<OpenedObject | undefined>;
  /** Its size in bytes, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Deletes the object; one that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (a bucket's client); nothing to do for a folder. */
  close(): Promise<void>;
}

export interface LocalObjectStore extends ObjectStoreBase {
  readonly kind: 'local';
  /** The folder; its uploads are served at /media/images/ (plugins/media.ts). */
  readonly root: string;
}

/** What the bucket answers for one object to be sent to a browser. */
export type OpenedObject =
  | { status: 200; body: Readable | undefined; contentType: string; contentLength?: number; etag?: string; lastModified?: Date }
  | { status: 304; etag?: string };

export interface S3ObjectStore extends ObjectStoreBase {
  readonly kind: 's3';
}

export type ObjectStore = LocalObjectStore | S3ObjectStore;
