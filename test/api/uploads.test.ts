import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageVariantUrl } from '@/domain/images';
import { FEATURED_IMAGE_MAX_BYTES, IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
});
afterAll(async () => server.close());

const upload = (pathName: string, files: Parameters<typeof formData>[1]) =>
  server.request('POST', pathName, { token, form: formData({}, files) });

describe('POST /api/upload-image/', () => {
  it('stores the image without its metadata, with WebP variants, and answers its url', async () => {
    const withExif = await sharp(await makeImage('jpeg', 2000, 1000))
      .withMetadata({ exif: { IFD0: { Copyright: 'secreto-gps' } } })
      .jpeg()
      .toBuffer();
    expect(withExif.includes(Buffer.from('secreto-gps'))).toBe(true);

    const reply = await upload('/api/upload-image/', { image: { bytes: withExif } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ url: expect.stringMatching(/^\/media\/images\/[\w-]+\.jpg$/) });

    const stored = Buffer.from(await (await fetch(`${server.url}${reply.body.url}`)).arrayBuffer());
    expect(stored.includes(Buffer.from('secreto-gps'))).toBe(false);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const variant = await fetch(`${server.url}${imageVariantUrl(reply.body.url, width)}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(meta.width).toBe(Math.min(width, 2000));
    }
  });

  it.each(['png', 'gif', 'webp'] as const)('accepts %s', async (format) => {
    const reply = await upload('/api/upload-image/', {
      image: { bytes: await makeImage(format), type: `image/${format}`, name: `a.${format}` },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.url).toMatch(new RegExp(`\\.${format}$`));
  });

  it('refuses a file over 5 MB, a fake image, and a request without a file', async () => {
    const big = await upload('/api/upload-image/', {
      image: { bytes: Buffer.concat([await makeImage(), Buffer.alloc(FEATURED_IMAGE_MAX_BYTES)]) },
    });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({ image: [messages.imageTooLarge] });

    const svg = await upload('/api/upload-image/', {
      image: { bytes: Buffer.from('<svg onload="alert(1)"></svg>'), name: 'x.png', type: 'image/png' },
    });
    expect(svg.status).toBe(400);
    expect(svg.body).toEqual({ image: [messages.imageTypeNotAllowed] });

    const none = await server.request('POST', '/api/upload-image/', { token, form: formData({ otro: 'campo' }) });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ image: [messages.required] });
  });

  it('answers 400, not 500, for a broken multipart body', async () => {
    const reply = await server.request('POST', '/api/upload-image/', {
      token,
      raw: {
        body: '--frontera\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nsin final',
        contentType: 'multipart/form-data; boundary=frontera',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ detail: messages.malformedBody });
  });

  it('leaves no file behind for refused uploads', async () => {
    const dir = path.join(server.dataDir, 'media', 'images');
    const before = fs.readdirSync(dir).length;
    await upload('/api/upload-image/', { image: { bytes: Buffer.from('no soy imagen') } });
    expect(fs.readdirSync(dir).length).toBe(before);
  });
});

describe('an image the server fails to make', () => {
  it("bytes that pass the checks but do not decode are the caller's: 400 on the field", async () => {
    const whole = await makeImage('png');
    const reply = await upload('/api/upload-image/', {
      image: { bytes: whole.subarray(0, Math.floor(whole.length / 2)), type: 'image/png', name: 'a.png' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ image: [messages.notAnImage] });
  });

  it('a fault of the server (out of memory) is a 500 with the generic message, not a refusal of the image', async () => {
    const bytes = await makeImage('png');
    const toBuffer = jest
      .spyOn(sharp.prototype, 'toBuffer')
      .mockRejectedValueOnce(new Error('vips_malloc: out of memory -- size == 2147483648'));
    try {
      const reply = await upload('/api/upload-image/', { image: { bytes, type: 'image/png', name: 'a.png' } });
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({ detail: messages.serverError });
    } finally {
      toBuffer.mockRestore();
    }
    expect((await upload('/api/upload-image/', { image: { bytes, type: 'image/png', name: 'a.png' } })).status).toBe(201);
  });
});

describe('POST /api/publications/{id}/upload_cell_image/', () => {
  it('stores an image for an existing publication and answers 404 for an unknown one', async () => {
    const section = (await server.request('POST', '/api/sections/', { token, json: { title: 'Media' } })).body;
    const publication = (
      await server.request('POST', '/api/publications/', {
        token,
        form: formData(
          { title: 'Con celdas', section_id: String(section.id), publish_date: '2025-01-01' },
          { featured_image: { bytes: await makeImage() } },
        ),
      })
    ).body;
    const reply = await upload(`/api/publications/${publication.id}/upload_cell_image/`, {
      image: { bytes: await makeImage('png'), type: 'image/png', name: 'c.png' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.url).toMatch(/^\/media\/images\/[\w-]+\.png$/);

    const missing = await upload('/api/publications/99999/upload_cell_image/', { image: { bytes: await makeImage() } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: messages.publicationNotFound });
  });
});
