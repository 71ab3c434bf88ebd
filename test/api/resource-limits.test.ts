import fs from 'node:fs';
import path from 'node:path';
import { FORM_FIELD_MAX_BYTES, IMAGE_PROCESSING_CONCURRENCY, REORDER_MAX_ITEMS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { countLoginAttempts } from '@/server/db/login-attempts-repository';
import { publicCacheKey } from '@/server/cache/public-key';
import { processImage } from '@/server/media/image-processing';
import { createMediaStorage } from '@/server/media/media-storage';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';
import { pngClaiming } from '../helpers/crafted-images';
import { eventually } from '../helpers/eventually';

/**
 * What anonymous clients and administrators can make the server hold
 * (docs/decisions/121-resource-limits.md): the public cache's bytes, the size of what
 * is stored, images decoded at once.
 */

// Small, so that a few requests reach it; answers over an eighth of it are not kept.
const CACHE_MAX_BYTES = 200 * 1024;

let server: TestServer;
let token: string;
let jpeg: Buffer;
let sectionId: number;
const publicationIds: number[] = [];

const call = (method: string, pathName: string, json?: unknown) => server.request(method, pathName, { token, json });
const send = (method: string, pathName: string, fields: Record<string, string>, files: Parameters<typeof formData>[1] = {}) =>
  server.request(method, pathName, { token, form: formData(fields, files) });
const textRow = (content: string) => ({ id: 'r', cells: [{ id: 'c', type: 'text', content, columnSpan: 4 }] });

async function newPublication(title: string, layout: unknown[] = [textRow('<p>Texto</p>')]) {
  const reply = await send(
    'POST',
    '/api/publications/',
    { title, section_id: String(sectionId), status: 'published', publish_date: '2025-01-01', layout: JSON.stringify(layout) },
    { featured_image: { bytes: jpeg } },
  );
  expect(reply.status).toBe(201);
  return reply.body as { id: number; layout: { cells: { content: string }[] }[] };
}

beforeAll(async () => {
  server = await startApiServer({ publicCacheMaxBytes: CACHE_MAX_BYTES });
  token = await server.adminToken();
  jpeg = await makeImage('jpeg');
  sectionId = (await call('POST', '/api/sections/', { title: 'Noticias' })).body.id;
  for (const title of ['Uno', 'Dos', 'Tres']) publicationIds.push((await newPublication(title)).id);
});
afterAll(async () => server.close());

describe('the public cache', () => {
  const cache = () => server.services.publicCache;

  it('keeps one entry for an answer whatever unknown parameters come with it, in any order', async () => {
    const before = cache().size;
    const first = await server.request('GET', '/api/public/publications/?section_slug=noticias&utm_source=a');
    expect(first.status).toBe(200);
    // A miss is kept once all its compressed forms are made, just after it was answered (http/cached-reply.ts).
    await eventually(() => expect(cache().size).toBe(before + 1));
    const entries = cache().size;
    for (const query of ['utm_source=b&section_slug=noticias', 'section_slug=noticias&x=1&x=2', 'fbclid=z&section_slug=noticias&_=123']) {
      const reply = await server.request('GET', `/api/public/publications/?${query}`);
      expect(reply.body).toEqual(first.body);
    }
    expect(cache().size).toBe(entries);
  });

  it('builds next and previous links from the parameters it reads only', async () => {
    const reply = await server.request('GET', '/api/public/publications/?tracking=xyz&page_size=1&section_slug=noticias');
    expect(reply.body.count).toBe(3);
    const next = new URL(reply.body.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({ page_size: '1', section_slug: 'noticias', page: '2' });
    // The same answer, from the cache front this time, for a caller with other junk.
    const again = await server.request('GET', '/api/public/publications/?page_size=1&section_slug=noticias&other=1');
    expect(again.body.next).toBe(reply.body.next);
  });

  it('stays under its byte ceiling whatever anonymous clients send, and keeps what is asked for often', async () => {
    const popular = '/api/public/publications/?section_slug=noticias';
    await server.request('GET', popular);
    for (let i = 0; i < 300; i++) {
      const query = i % 2 ? `section_slug=noticias&page_size=${i + 3}` : `section_slug=no-existe-${i}`;
      expect((await server.request('GET', `/api/public/publications/?${query}`)).status).toBe(200);
      expect(cache().bytes).toBeLessThanOrEqual(CACHE_MAX_BYTES);
      if (i % 10 === 0) await server.request('GET', popular);
    }
    expect(cache().size).toBeGreaterThan(10);
    // get(), not peek(): peek answers nothing once a version check is due, and on a busy machine a second may have passed.
    await eventually(async () => expect(await cache().get(publicCacheKey(popular) as string)).toBeDefined());
  });

  it('does not keep an answer larger than its share of the ceiling, and still serves it', async () => {
    const big = await newPublication('Larga', [textRow(`<p>${'x'.repeat(90_000)}</p>`)]);
    // The creation emptied the cache; one small answer in it.
    await server.request('GET', `/api/public/publication/${publicationIds[0]}/`);
    await eventually(() => expect(cache().size).toBe(1));
    const before = { size: cache().size, bytes: cache().bytes };
    const reply = await server.request('GET', `/api/public/publication/${big.id}/`);
    expect(reply.status).toBe(200);
    expect(reply.body.layout[0].cells[0].content).toHaveLength(90_007);
    expect(cache().size).toBe(before.size);
    expect(cache().bytes).toBe(before.bytes);
    expect((await call('DELETE', `/api/publications/${big.id}/`)).status).toBe(204);
  });
});

describe('size limits', () => {
  it('refuses an order that is not a 32-bit integer, in JSON and in multipart, and stores nothing', async () => {
    const sections = (await call('GET', '/api/sections/')).body.count;
    expect(await call('POST', '/api/sections/', { title: 'Lejana', order: 1e20 })).toMatchObject({
      status: 400,
      body: { order: [messages.orderOutOfRange] },
    });
    expect((await call('GET', '/api/sections/')).body.count).toBe(sections);
    expect(await call('PATCH', `/api/sections/${sectionId}/`, { order: -1e20 })).toMatchObject({
      status: 400,
      body: { order: [messages.orderOutOfRange] },
    });
    expect(await call('PATCH', `/api/publications/${publicationIds[0]}/`, { order: 1e20 })).toMatchObject({
      status: 400,
      body: { order: [messages.orderOutOfRange] },
    });
    const biography = await call('POST', '/api/biographies/', { name: 'N', position: 'P', biography: 'B', order: 1e20 });
    expect(biography).toMatchObject({ status: 400, body: { order: [messages.orderOutOfRange] } });
    const multipart = await send('POST', '/api/biographies/', { name: 'N', position: 'P', biography: 'B', order: '1e20' });
    expect(multipart).toMatchObject({ status: 400, body: { order: [messages.invalidInteger] } });
    const reorder = await call('PATCH', '/api/publications/reorder/', [{ id: publicationIds[0], order: 1e20 }]);
    expect(reorder).toMatchObject({ status: 400, body: { detail: messages.reorderInvalid } });
  });

  it('refuses a 50,000-character section title and a reorder of 32,767 items with 400, not 500', async () => {
    expect(await call('POST', '/api/sections/', { title: 'a'.repeat(50_000) })).toMatchObject({
      status: 400,
      body: { title: [messages.tooLong(100)] },
    });
    const items = Array.from({ length: 32_767 }, (_, i) => ({ id: i + 1, order: i }));
    expect(await call('PATCH', '/api/sections/reorder/', items)).toMatchObject({ status: 400, body: { detail: messages.reorderTooMany } });
    const justOver = items.slice(0, REORDER_MAX_ITEMS + 1);
    expect(await call('PATCH', '/api/biographies/reorder/', justOver)).toMatchObject({
      status: 400,
      body: { detail: messages.reorderTooMany },
    });
  });

  it('refuses a form field cut by the multipart limit instead of storing what was left of it', async () => {
    const rows = Math.ceil(FORM_FIELD_MAX_BYTES / 90_000) + 1;
    const layout = JSON.stringify(Array.from({ length: rows }, () => textRow(`<p>${'x'.repeat(90_000)}</p>`)));
    expect(layout.length).toBeGreaterThan(FORM_FIELD_MAX_BYTES);
    const count = (await call('GET', `/api/publications/?section=${sectionId}`)).body.count;
    const reply = await send(
      'POST',
      '/api/publications/',
      { title: 'Enorme', section_id: String(sectionId), publish_date: '2025-01-01', layout },
      { featured_image: { bytes: jpeg } },
    );
    expect(reply).toMatchObject({ status: 400, body: { layout: [messages.fieldTooLarge] } });
    expect((await call('GET', `/api/publications/?section=${sectionId}`)).body.count).toBe(count);
    const biography = await send(
      'PATCH',
      `/api/biographies/${(await send('POST', '/api/biographies/', { name: 'N', position: 'P', biography: 'B' })).body.id}/`,
      {
        biography: 'b'.repeat(FORM_FIELD_MAX_BYTES + 1),
      },
    );
    expect(biography).toMatchObject({ status: 400, body: { biography: [messages.fieldTooLarge] } });
  });

  it('refuses data: images in rich text with the field message, however large and however written', async () => {
    const pasted = `<p>Foto:</p><img src="data:image/png;base64,${'A'.repeat(1_400_000)}">`;
    const cases = [
      pasted,
      '<img src="&#100;ata:image/png;base64,AAAA">',
      '<img src="da&#x09;ta:image/png;base64,AAAA">',
      '<img src="/media/a.jpg" srcset="/media/a.jpg 1x, data:image/png;base64,AAAA 2x">',
    ];
    for (const html of cases) {
      const reply = await send(
        'POST',
        '/api/publications/',
        { title: 'Pegada', section_id: String(sectionId), publish_date: '2025-01-01', layout: JSON.stringify([textRow(html)]) },
        { featured_image: { bytes: jpeg } },
      );
      expect(reply).toMatchObject({ status: 400, body: { layout: [`Fila 1, celda 1: ${messages.richTextDataUri}`] } });
    }
    const json = await call('PATCH', `/api/publications/${publicationIds[0]}/`, { layout: [textRow(pasted)] });
    expect(json).toMatchObject({ status: 400, body: { layout: [`Fila 1, celda 1: ${messages.richTextDataUri}`] } });
  });
});

describe('nesting', () => {
  // What a caller reads when a body nests arrays and objects past the limit, on every route.
  const tooDeep = { detail: 'La petición anida demasiados niveles (máximo 32).' };
  /** `levels` arrays, one inside the other: '[[[]]]' is 3. */
  const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  /** A layout whose one cell carries a field of `levels` arrays (the layout itself is 4 levels: rows, row, cells, cell). */
  const layoutText = (levels: number) =>
    `[{"id":"r","cells":[{"id":"c","type":"text","content":"<p>Honda</p>","extra":${arrays(levels)}}]}]`;
  const sendJson = (method: string, pathName: string, body: string, auth = true) =>
    server.request(method, pathName, { ...(auth ? { token } : {}), raw: { body, contentType: 'application/json' } });
  const counts = async () => ({
    sections: (await call('GET', '/api/sections/')).body.count,
    publications: (await call('GET', '/api/publications/?all=true')).body.count,
    attempts: await countLoginAttempts(server.services.db),
  });

  it('refuses a JSON body nested past 32 levels on every route, before anything reads it, and stores nothing', async () => {
    const before = await counts();
    const section = (await call('GET', `/api/sections/${sectionId}/`)).body;
    const publication = (await call('GET', `/api/publications/${publicationIds[1]}/`)).body;
    const refused = [
      // Thousands of levels deep (this answered 500), and one level past the limit.
      await sendJson('POST', '/api/sections/', `{"title":${arrays(20_000)}}`),
      await sendJson('POST', '/api/sections/', `{"title":${arrays(32)}}`),
      await sendJson('PATCH', `/api/sections/${sectionId}/`, `{"title":${arrays(20_000)}}`),
      await sendJson(
        'POST',
        '/api/publications/',
        `{"title":"Honda","section_id":${sectionId},"publish_date":"2025-01-01","featured_image":"/media/a.jpg","layout":${layoutText(28)}}`,
      ),
      await sendJson('PATCH', `/api/publications/${publicationIds[1]}/`, `{"title":"Honda","layout":${layoutText(28)}}`),
      await sendJson('PATCH', '/api/publications/reorder/', arrays(20_000)),
      // A route that has nothing to do with content, without a token.
      await sendJson('POST', '/api/token/', `{"username":${arrays(20_000)},"password":"x"}`, false),
      await sendJson('POST', '/api/token/', `{"username":"admin","password":${arrays(33)}}`, false),
    ];
    expect(refused.map((reply) => [reply.status, reply.body])).toEqual(refused.map(() => [400, tooDeep]));
    expect(await counts()).toEqual(before);
    expect((await call('GET', `/api/sections/${sectionId}/`)).body).toEqual(section);
    expect((await call('GET', `/api/publications/${publicationIds[1]}/`)).body).toEqual(publication);

    // Exactly 32 levels is not too deep: the route judges the body as usual.
    const title = await sendJson('POST', '/api/sections/', `{"title":${arrays(31)}}`);
    expect([title.status, title.body]).toEqual([400, { title: [messages.invalidText] }]);
    const edited = await sendJson('PATCH', `/api/publications/${publicationIds[1]}/`, `{"layout":${layoutText(27)}}`);
    expect(edited.status).toBe(200);
    expect(edited.body.layout[0].cells[0]).not.toHaveProperty('extra');
  });

  it('refuses the JSON text of a multipart field nested past 32 levels, and stores nothing', async () => {
    const before = await counts();
    const fields = { title: 'Honda', section_id: String(sectionId), publish_date: '2025-01-01' };
    const created = await send('POST', '/api/publications/', { ...fields, layout: layoutText(29) }, { featured_image: { bytes: jpeg } });
    expect([created.status, created.body]).toEqual([400, tooDeep]);
    const deeper = await send('POST', '/api/publications/', { ...fields, layout: arrays(20_000) }, { featured_image: { bytes: jpeg } });
    expect([deeper.status, deeper.body]).toEqual([400, tooDeep]);
    const edited = await send('PATCH', `/api/publications/${publicationIds[2]}/`, { title: 'Honda', layout: layoutText(29) });
    expect([edited.status, edited.body]).toEqual([400, tooDeep]);
    expect(await counts()).toEqual(before);
    expect((await call('GET', `/api/publications/${publicationIds[2]}/`)).body.title).toBe('Tres');

    // Exactly 32 levels in the field is not too deep.
    const accepted = await send('POST', '/api/publications/', { ...fields, layout: layoutText(28) }, { featured_image: { bytes: jpeg } });
    expect(accepted.status).toBe(201);
    expect((await call('DELETE', `/api/publications/${accepted.body.id}/`)).status).toBe(204);
  });
});

describe('embedded players', () => {
  it('keeps a YouTube player in rich text but not the permissions its allow attribute asks for', async () => {
    const html = '<iframe src="https://www.youtube.com/embed/abc" allow="camera; microphone; autoplay" allowfullscreen></iframe>';
    const saved = await newPublication('Con vídeo', [textRow(html)]);
    expect(saved.layout[0].cells[0].content).toBe('<iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>');
  });
});

describe('image uploads', () => {
  it('refuses an image above the pixel budget with a Spanish message, without decoding it', async () => {
    const reply = await server.request('POST', '/api/upload-image/', {
      token,
      form: formData({}, { image: { bytes: pngClaiming(20_000, 20_000), type: 'image/png' } }),
    });
    expect(reply).toMatchObject({ status: 400, body: { image: [messages.imageTooManyPixels] } });
  });

  it('processes parallel uploads one at a time, the rest waiting in line', async () => {
    const live = server.services.media;
    const K = IMAGE_PROCESSING_CONCURRENCY;
    expect(live.queue.concurrency).toBe(K);
    expect(K).toBeLessThanOrEqual(2);

    // The same storage and queue size, with processing that waits for the test and counts who is inside.
    let inside = 0;
    let peak = 0;
    let entered = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const media = createMediaStorage(live.root, {
      concurrency: K,
      process: async (image) => {
        inside += 1;
        entered += 1;
        peak = Math.max(peak, inside);
        try {
          await gate;
          return await processImage(image);
        } finally {
          inside -= 1;
        }
      },
    });
    server.services.media = media;
    try {
      const png = await makeImage('png', 1200, 900);
      const uploads = Array.from({ length: 6 }, () =>
        server.request('POST', '/api/upload-image/', { token, form: formData({}, { image: { bytes: png, type: 'image/png' } }) }),
      );
      // Once every upload has reached the queue: K being processed, the others waiting in line.
      await eventually(() => expect({ entered, waiting: media.queue.waiting }).toEqual({ entered: K, waiting: 6 - K }));
      expect(media.queue.active).toBe(K);
      release();
      const replies = await Promise.all(uploads);
      expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(201));
      expect(entered).toBe(6);
      expect(peak).toBe(K);
      for (const reply of replies) expect(fs.existsSync(path.join(live.root, reply.body.url.replace(/^\/media\//, '')))).toBe(true);
    } finally {
      release();
      server.services.media = live;
    }
  });
});
