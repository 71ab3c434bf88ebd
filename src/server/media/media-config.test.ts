import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { mediaStorageFromEnv } from './media-config';

const s3 = { MEDIA_STORAGE: 's3', S3_BUCKET: 'medios', S3_REGION: 'eu-west-1' };

describe('mediaStorageFromEnv', () => {
  it('keeps uploads in the local folder unless told otherwise', () => {
    expect(mediaStorageFromEnv({})).toEqual({ kind: 'local', publicUrl: undefined });
    expect(mediaStorageFromEnv({ MEDIA_STORAGE: 'local', S3_BUCKET: 'ignorado' })).toEqual({ kind: 'local', publicUrl: undefined });
  });

  it('reads a bucket on S3, or on a compatible server with its address and keys', () => {
    expect(mediaStorageFromEnv(s3)).toEqual({
      kind: 's3',
      bucket: 'medios',
      region: 'eu-west-1',
      endpoint: undefined,
      prefix: '',
      credentials: undefined,
      publicUrl: undefined,
    });
    expect(
      mediaStorageFromEnv({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'clave',
        S3_SECRET_ACCESS_KEY: 'secreto',
        S3_PREFIX: '/sitio//medios',
        MEDIA_PUBLIC_URL: 'https://cdn.example.org/medios/',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'medios',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      prefix: 'sitio/medios/',
      credentials: { accessKeyId: 'clave', secretAccessKey: 'secreto' },
      publicUrl: 'https://cdn.example.org/medios',
    });
  });

  it('refuses, naming the variable, what it cannot use', () => {
    expect(() => mediaStorageFromEnv({ MEDIA_STORAGE: 's3' })).toThrow(
      'MEDIA_STORAGE=s3 needs S3_BUCKET and S3_REGION; missing: S3_BUCKET, S3_REGION',
    );
    expect(() => mediaStorageFromEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'medios', S3_REGION: ' ' })).toThrow('missing: S3_REGION');
    expect(() => mediaStorageFromEnv({ MEDIA_STORAGE: 'nube' })).toThrow('MEDIA_STORAGE must be "local" or "s3", got "nube"');
    expect(() => mediaStorageFromEnv({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT');
    expect(() => mediaStorageFromEnv({ ...s3, S3_ACCESS_KEY_ID: 'clave' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => mediaStorageFromEnv({ ...s3, S3_PREFIX: 'sitio/../otro' })).toThrow('S3_PREFIX');
    expect(() => mediaStorageFromEnv({ MEDIA_PUBLIC_URL: 'cdn.example.org' })).toThrow('MEDIA_PUBLIC_URL');
    expect(() => mediaStorageFromEnv({ MEDIA_PUBLIC_URL: 'ftp://cdn.example.org' })).toThrow(
      'MEDIA_PUBLIC_URL must start with http:// or https://',
    );
    expect(() => mediaStorageFromEnv({ MEDIA_PUBLIC_URL: 'https://cdn.example.org/?v=1' })).toThrow(
      'MEDIA_PUBLIC_URL must be a plain base address',
    );
  });

  it('stops the server from starting with a bucket but no name or region', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).mediaStorage).toEqual({ kind: 'local', publicUrl: undefined });
      expect(() => loadConfig({ DATA_DIR: dataDir, MEDIA_STORAGE: 's3', S3_REGION: 'eu-west-1' })).toThrow('missing: S3_BUCKET');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
