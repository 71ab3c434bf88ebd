import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageVariantUrl } from '@/domain/images';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import type { S3Settings } from '@/server/media/media-config';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';
import { startS3Emulator, type S3Emulator } from '../helpers/s3-emulator';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let emulator: S3Emulator;
beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(async () => emulator.close());

const onBucket = (settings: S3Settings, publicUrl?: string) => startApiServer({ mediaStorage: { kind: 's3', ...settings, publicUrl } });

async function upload(server: TestServer, bytes: Buffer, type = 'image/jpeg'): Promise<string> {
  const reply = await server.request('POST', '/api/upload-image/', {
    token: await server.adminToken(),
    form: formData({}, { image: { bytes, type } }),
  });
  expect(reply.status).toBe(201);
  return reply.body.url as string;
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('uploads on an S3 bucket (MEDIA_STORAGE=s3)', () => {
  let settings: S3Settings;
  let server: TestServer;
  beforeAll(async () => {
    settings = await emulator.newBucket('sitio/');
    server = await onBucket(settings);
  });
  afterAll(async () => server.close());

  it('keeps an upload in the bucket, not on disk, and serves it and its WebP variants at /media/', async () => {
    const url = await upload(server, await makeImage('jpeg', 2000, 1000));
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    expect(fs.existsSync(path.join(server.dataDir, 'media'))).toBe(false);
    const key = `sitio/${url.replace(/^\/media\//, '')}`;
    expect((await emulator.objects(settings.bucket)).map((o) => o.key)).toContain(key);

    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    const body = await bytesOf(response);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.equals((await emulator.object(settings.bucket, key)).bytes)).toBe(true);

    for (const width of IMAGE_VARIANT_WIDTHS) {
      const variant = await fetch(`${server.url}${imageVariantUrl(url, width)}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      expect(variant.headers.get('cache-control')).toBe(IMMUTABLE);
      expect((await sharp(await bytesOf(variant)).metadata()).width).toBe(Math.min(width, 2000));
    }
  });

  it('answers 304 to a browser that already has the image, and HEAD without the body', async () => {
    const url = await upload(server, await makeImage('png'), 'image/png');
    const first = await fetch(`${server.url}${url}`);
    const etag = first.headers.get('etag')!;
    const length = (await bytesOf(first)).length;

    const again = await fetch(`${server.url}${url}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(IMMUTABLE);

    const changed = await fetch(`${server.url}${url}`, { headers: { 'If-None-Match': '"otra"' } });
    expect(changed.status).toBe(200);
    expect((await bytesOf(changed)).length).toBe(length);

    const head = await fetch(`${server.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(Number(head.headers.get('content-length'))).toBe(length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('lets a second instance serve an image uploaded through the first', async () => {
    const url = await upload(server, await makeImage('gif'), 'image/gif');
    const other = await onBucket(settings);
    try {
      const response = await fetch(`${other.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/gif');
      expect((await bytesOf(response)).equals(await bytesOf(await fetch(`${server.url}${url}`)))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('answers 404 JSON for a missing image or one removed, as the local folder does', async () => {
    for (const missing of [
      '/media/images/0b7e8a1c-3f2d-4c5e-9a6b-7c8d9e0f1a2b.jpg',
      '/media/images/0b7e8a1c-3f2d-4c5e-9a6b-7c8d9e0f1a2b-480.webp',
    ]) {
      const response = await fetch(`${server.url}${missing}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: messages.notFound });
    }
    const url = await upload(server, await makeImage());
    await server.services.media.removeImage(url);
    for (const gone of [url, imageVariantUrl(url, IMAGE_VARIANT_WIDTHS[0])!]) {
      const response = await fetch(`${server.url}${gone}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: messages.notFound });
    }
  });

  it('serves from the bucket only the names uploads have: nothing else in it, nothing outside the prefix', async () => {
    await emulator.put(settings.bucket, 'sitio/images/secreto.txt', Buffer.from('CONTENIDO-PRIVADO'), 'text/plain');
    await emulator.put(settings.bucket, 'sitio/privado.txt', Buffer.from('CONTENIDO-PRIVADO'), 'text/plain');
    await emulator.put(settings.bucket, 'privado.jpg', Buffer.from('CONTENIDO-PRIVADO'), 'image/jpeg');
    const attempts = [
      '/media/images/secreto.txt',
      '/media/privado.txt',
      '/media/images/..%2fprivado.txt',
      '/media/images/%2e%2e%2f%2e%2e%2fprivado.jpg',
      '/media/images/..%2f..%2fprivado.jpg',
      '/media/images/%2e%2e%5cprivado.txt',
      '/media/images/',
    ];
    for (const attempt of attempts) {
      const response = await fetch(`${server.url}${attempt}`);
      const text = await response.text();
      // Refused, or (for a folder-like address, also an SPA route under /media) the SPA's page.
      if (response.status === 200) expect(text).toMatch(/<div id="?root"?>/);
      else expect([400, 404]).toContain(response.status);
      expect(text).not.toContain('CONTENIDO-PRIVADO');
    }
  });

  it('still serves the files the site ships under /media/, cached briefly', async () => {
    const response = await fetch(`${server.url}/media/hero-poster.jpg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('poster');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('keeps each object’s sha256 as its metadata, for a restore to compare without reading it back', async () => {
    const url = await upload(server, await makeImage());
    const key = url.replace(/^\/media\//, '');
    const { bytes } = await emulator.object(settings.bucket, `sitio/${key}`);
    expect(await server.services.media.store.sha256(key)).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    // Stored by something else, without it: unknown, so a restore writes it again.
    await emulator.put(settings.bucket, 'sitio/images/ajena.jpg', bytes, 'image/jpeg');
    expect(await server.services.media.store.sha256('images/ajena.jpg')).toBeUndefined();
  });
});

describe('uploads in the local folder (MEDIA_STORAGE=local)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startApiServer({ mediaStorage: { kind: 'local' } });
  });
  afterAll(async () => server.close());

  it('serves an upload and its variants with their image types, a year-long cache, 304 and HEAD', async () => {
    const url = await upload(server, await makeImage('png', 1000, 500), 'image/png');
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    const body = await bytesOf(response);
    expect(body.equals(fs.readFileSync(path.join(server.dataDir, url)))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);

    const etag = response.headers.get('etag')!;
    const again = await fetch(`${server.url}${url}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${server.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(body.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const variant = await fetch(`${server.url}${imageVariantUrl(url, 480)}`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(await bytesOf(variant)).metadata()).width).toBe(480);
  });

  it('never serves a file put in the folder by other means as a page or a script: only upload names, only as images', async () => {
    const page = '<!doctype html><script src="/media/images/poc.js"></script>';
    const planted: Record<string, string> = {
      'images/x.html': page,
      'images/poc.js': 'fetch("/api/me/")',
      'images/poc.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'images/foto.jpg': page,
      'otros/nota.txt': 'CONTENIDO-PRIVADO',
      'x.html': page,
    };
    for (const [key, text] of Object.entries(planted)) {
      fs.mkdirSync(path.join(server.dataDir, 'media', path.dirname(key)), { recursive: true });
      fs.writeFileSync(path.join(server.dataDir, 'media', key), text);
    }
    for (const key of Object.keys(planted)) {
      const response = await fetch(`${server.url}/media/${key}`);
      expect({ key, status: response.status }).toEqual({ key, status: 404 });
      expect(await response.json()).toEqual({ detail: messages.notFound });
    }

    // A page under an upload's name is still sent as the image its name says, which no browser runs.
    const disguised = `images/${crypto.randomUUID()}.jpg`;
    fs.writeFileSync(path.join(server.dataDir, 'media', disguised), page);
    const response = await fetch(`${server.url}/media/${disguised}`);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('still serves the files the site ships under /media/, cached briefly', async () => {
    const response = await fetch(`${server.url}/media/hero-poster.jpg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('poster');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  it('keeps answering host-relative URLs and redirects /media/images/… to the public bucket, where the image is', async () => {
    const settings = await emulator.newBucket('sitio/');
    // The emulator's bucket read without credentials, as a public bucket or a CDN in front of it is.
    const publicUrl = `${emulator.endpoint}/${settings.bucket}/sitio`;
    const server = await onBucket(settings, `${publicUrl}/`);
    try {
      const url = await upload(server, await makeImage('jpeg', 1000, 500));
      expect(url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
      for (const address of [url, imageVariantUrl(url, 960)!]) {
        const reply = await server.request('GET', address);
        expect(reply.status).toBe(301);
        expect(reply.headers.get('location')).toBe(`${publicUrl}${address.replace(/^\/media/, '')}`);
        expect(reply.headers.get('cache-control')).toBe('public, max-age=86400');
      }
      const followed = await fetch(`${server.url}${imageVariantUrl(url, 960)}`);
      expect(followed.url).toBe(`${publicUrl}${imageVariantUrl(url, 960)!.replace(/^\/media/, '')}`);
      expect(followed.status).toBe(200);
      expect(followed.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(await bytesOf(followed)).metadata()).width).toBe(960);

      // The pages let images come from there: a redirected image is checked against the origin it lands on.
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get('content-security-policy')).toContain(`img-src 'self' data: blob: ${emulator.endpoint};`);

      const unknown = await server.request('GET', '/media/images/secreto.txt');
      expect(unknown).toMatchObject({ status: 404, body: { detail: messages.notFound } });
      expect((await server.request('GET', '/media/hero-poster.jpg')).body).toBe('poster');
    } finally {
      await server.close();
    }
  });

  it('redirects the local folder’s uploads too, when a CDN serves a copy of it', async () => {
    const server = await startApiServer({ mediaStorage: { kind: 'local', publicUrl: 'https://cdn.example.org/media' } });
    try {
      const url = await upload(server, await makeImage());
      expect(fs.existsSync(path.join(server.dataDir, url))).toBe(true);
      const reply = await server.request('GET', url);
      expect(reply.status).toBe(301);
      expect(reply.headers.get('location')).toBe(`https://cdn.example.org${url}`);
    } finally {
      await server.close();
    }
  });
});
