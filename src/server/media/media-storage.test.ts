import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { startS3Emulator, type S3Emulator } from '../../../test/helpers/s3-emulator';
import { ImageRejected } from './image-processing';
import { InvalidMediaKey } from './media-keys';
import { createMediaStorage, type MediaStorage } from './media-storage';
import { MediaNotFound } from './object-store';
import { createS3BucketStore } from './s3-bucket-store';

const image = (width = 1000, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: '#c87850' } })
    .jpeg()
    .toBuffer();

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

const keysOf = (url: string) => {
  const stem = url.replace(/^\/media\//, '').replace(/\.jpg$/, '');
  return [`${stem}.jpg`, ...IMAGE_VARIANT_WIDTHS.map((w) => `${stem}-${w}.webp`)].sort();
};

let emulator: S3Emulator;
const folders: string[] = [];
beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The same contract, whichever backend keeps the bytes. */
const backends: [string, () => Promise<MediaStorage>][] = [
  [
    'the local folder',
    async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'media-storage-'));
      folders.push(folder);
      return createMediaStorage(path.join(folder, 'media'));
    },
  ],
  ['an S3 bucket', async () => createMediaStorage(createS3BucketStore(await emulator.newBucket('sitio/medios/')))],
];

describe.each(backends)('media storage on %s', (_name, open) => {
  let media: MediaStorage;
  beforeEach(async () => {
    media = await open();
  });
  afterEach(async () => media.close());

  it('stores an upload and its WebP variants under a random name, and lists them', async () => {
    const url = await media.storeImage(await image());
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    expect(await collect(media.list())).toEqual(keysOf(url));
    const original = await media.read(url.replace(/^\/media\//, ''));
    expect((await sharp(original).metadata()).width).toBe(1000);
    const variant = await media.read(keysOf(url).find((key) => key.endsWith('-480.webp'))!);
    expect(await sharp(variant).metadata()).toMatchObject({ format: 'webp', width: 480 });

    const second = await media.storeImage(await image(64, 48));
    expect(second).not.toBe(url);
    expect(await collect(media.list())).toEqual([...keysOf(url), ...keysOf(second)].sort());
  });

  it('stores nothing for bytes that are not an image', async () => {
    await expect(media.storeImage(Buffer.from('<svg onload="alert(1)"></svg>'))).rejects.toBeInstanceOf(ImageRejected);
    expect(await collect(media.list())).toEqual([]);
  });

  it('writes and reads back any key, replacing what was there', async () => {
    await media.write('images/restaurada.jpg', Buffer.from('primera'));
    await media.write('images/restaurada.jpg', Buffer.from('segunda versión'));
    await media.write('otros/anidada/nota.txt', Buffer.from('texto'));
    expect((await media.read('images/restaurada.jpg')).toString()).toBe('segunda versión');
    expect(await media.store.size('images/restaurada.jpg')).toBe(Buffer.byteLength('segunda versión'));
    expect(await media.store.size('images/nada.jpg')).toBeUndefined();
    expect(await collect(media.list())).toEqual(['images/restaurada.jpg', 'otros/anidada/nota.txt']);
  });

  it('writes a file from the disk, and tells the sha256 of what a key holds', async () => {
    const bytes = crypto.randomBytes(200_000);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'origen-')), 'copia');
    folders.push(path.dirname(file));
    fs.writeFileSync(file, bytes);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    await media.store.writeFile('images/grande.png', file, sha256);
    expect((await media.read('images/grande.png')).equals(bytes)).toBe(true);
    expect(await media.store.sha256('images/grande.png')).toBe(sha256);
    await media.write('images/otra.png', Buffer.from('otra'));
    expect(await media.store.sha256('images/otra.png')).toBe(crypto.createHash('sha256').update('otra').digest('hex'));
    expect(await media.store.sha256('images/nada.png')).toBeUndefined();
  });

  it('opens a key for an answer: streamed with the type its name says, 304 for its ETag, HEAD without a body, nothing when missing', async () => {
    await media.write('images/foto.png', Buffer.from('png-bytes'));
    const opened = await media.store.open('images/foto.png');
    expect(opened).toMatchObject({ status: 200, contentType: 'image/png', contentLength: 9, etag: expect.stringMatching(/"$/) });
    if (opened?.status !== 200) throw new Error('expected the file');
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('png-bytes');
    expect(await media.store.open('images/foto.png', { ifNoneMatch: opened.etag })).toMatchObject({ status: 304 });
    expect(await media.store.open('images/foto.png', { headOnly: true })).toMatchObject({ status: 200, body: undefined, contentLength: 9 });
    expect(await media.store.open('images/nada.png')).toBeUndefined();
  });

  it('answers MediaNotFound for a key that holds nothing', async () => {
    await expect(media.read('images/nada.jpg')).rejects.toBeInstanceOf(MediaNotFound);
  });

  it('refuses keys that would leave its root or name hidden files', async () => {
    for (const key of [
      '../fuera.txt',
      'images/../../fuera.txt',
      '/etc/passwd',
      'images\\..\\x',
      '.oculto',
      'images/.oculto',
      '',
      'images//x.jpg',
    ]) {
      await expect(media.write(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidMediaKey);
      await expect(media.read(key)).rejects.toBeInstanceOf(InvalidMediaKey);
    }
    expect(await collect(media.list())).toEqual([]);
  });

  it('removes an upload with all its variants, given its URL or a variant URL, and nothing else', async () => {
    const first = await media.storeImage(await image());
    const second = await media.storeImage(await image());
    // A variant of a width no longer made, left by an earlier version, goes too.
    const stem = first.replace(/^\/media\//, '').replace(/\.jpg$/, '');
    await media.write(`${stem}-320.webp`, Buffer.from('vieja'));

    expect(await media.removeImage(first)).toBe(IMAGE_VARIANT_WIDTHS.length + 2);
    expect(await collect(media.list())).toEqual(keysOf(second));
    await expect(media.read(first.replace(/^\/media\//, ''))).rejects.toBeInstanceOf(MediaNotFound);

    expect(await media.removeImage(`/media/${keysOf(second)[1]}`)).toBe(IMAGE_VARIANT_WIDTHS.length + 1);
    expect(await collect(media.list())).toEqual([]);
  });

  it('takes a missing upload or a URL that is not an upload as nothing to remove', async () => {
    const kept = await media.storeImage(await image(64, 48));
    expect(await media.removeImage('/media/images/0b7e8a1c-3f2d-4c5e-9a6b-7c8d9e0f1a2b.jpg')).toBe(0);
    for (const url of [
      'https://otro.sitio/media/images/x.jpg',
      '/media/hero-poster.jpg',
      `https://otro.sitio${kept}`,
      '/media/images/../secreto.jpg',
      '',
    ]) {
      expect(await media.removeImage(url)).toBe(0);
    }
    expect(await collect(media.list())).toEqual(keysOf(kept));
  });
});

describe('the S3 bucket store', () => {
  it('keeps every key under S3_PREFIX, typed and cacheable, so a public bucket serves it as /media/ does', async () => {
    const settings = await emulator.newBucket('sitio/medios/');
    const media = createMediaStorage(createS3BucketStore(settings));
    try {
      expect(media.root).toBe(`s3://${settings.bucket}/sitio/medios/`);
      const url = await media.storeImage(await image());
      const objects = await emulator.objects(settings.bucket);
      expect(objects.map((o) => o.key)).toEqual(keysOf(url).map((key) => `sitio/medios/${key}`));
      const original = await emulator.object(settings.bucket, `sitio/medios/${url.replace(/^\/media\//, '')}`);
      expect(original).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' });
      const variant = await emulator.object(settings.bucket, objects.find((o) => o.key.endsWith('-960.webp'))!.key);
      expect(variant.contentType).toBe('image/webp');

      // Keys outside the prefix are not the site's: not listed, not removed.
      await emulator.put(settings.bucket, 'otra-app/images/x.jpg', Buffer.from('ajeno'));
      expect(await collect(media.list())).toEqual(keysOf(url));
      await media.removeImage(url);
      expect((await emulator.objects(settings.bucket)).map((o) => o.key)).toEqual(['otra-app/images/x.jpg']);
    } finally {
      await media.close();
    }
  });

  it('opens an object for an answer: streamed with its type and ETag, 304 for that ETag, nothing for a missing key', async () => {
    const settings = await emulator.newBucket();
    const store = createS3BucketStore(settings);
    try {
      await store.write('images/foto.png', Buffer.from('png-bytes'));
      const opened = await store.open('images/foto.png');
      expect(opened).toMatchObject({ status: 200, contentType: 'image/png', contentLength: 9, etag: expect.stringMatching(/^".+"$/) });
      if (opened?.status !== 200) throw new Error('expected the object');
      const chunks: Buffer[] = [];
      for await (const chunk of opened.body!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('png-bytes');

      expect(await store.open('images/foto.png', { ifNoneMatch: opened.etag })).toEqual({ status: 304, etag: opened.etag });
      expect(await store.open('images/foto.png', { headOnly: true })).toMatchObject({ status: 200, body: undefined, contentLength: 9 });
      expect(await store.open('images/nada.png')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
