import fs from 'node:fs';
import path from 'node:path';
import { FEATURED_IMAGE_MAX_BYTES } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { formData, makeImage, startApiServer, type TestServer } from '../helpers/api-server';

let server: TestServer;
let token: string;
let section: { id: number; title: string; slug: string };
let otherSection: { id: number };
let jpeg: Buffer;

beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
  section = (await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } })).body;
  otherSection = (await server.request('POST', '/api/sections/', { token, json: { title: 'Revista' } })).body;
  jpeg = await makeImage('jpeg');
});
afterAll(async () => server.close());

const layout = [
  {
    id: 'row-1',
    cells: [
      { id: 'c1', type: 'text', content: '<p>Hola <strong>mundo</strong></p>', columnSpan: 2 },
      { id: 'c2', type: 'image', content: '/media/images/x.jpg', columnSpan: 1 },
      { id: 'c3', type: 'video', content: 'https://www.youtube.com/watch?v=abc123', columnSpan: 1 },
    ],
  },
];

const fields = (extra: Record<string, string> = {}) => ({
  title: 'Jornada de puertas abiertas',
  section_id: String(section.id),
  status: 'published',
  is_featured: 'true',
  publish_date: '2025-03-01',
  layout: JSON.stringify(layout),
  ...extra,
});

const post = (f: Record<string, string>, files: Parameters<typeof formData>[1] = { featured_image: { bytes: jpeg } }) =>
  server.request('POST', '/api/publications/', { token, form: formData(f, files) });
const patch = (id: number, f: Record<string, string>, files: Parameters<typeof formData>[1] = {}) =>
  server.request('PATCH', `/api/publications/${id}/`, { token, form: formData(f, files) });
const mediaFile = (url: string) => path.join(server.dataDir, url);

describe('creating a publication (multipart)', () => {
  it('stores it with its section, image, booleans and layout, at the top of the list', async () => {
    const reply = await post(fields());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      title: 'Jornada de puertas abiertas',
      section: { id: section.id, title: 'Noticias', slug: 'noticias' },
      section_id: section.id,
      status: 'published',
      is_featured: true,
      publish_date: '2025-03-01',
      layout,
      order: 0,
      version: 1,
    });
    expect(reply.body.featured_image).toMatch(/^\/media\/images\/[\w-]+\.jpg$/);
    expect(fs.existsSync(mediaFile(reply.body.featured_image))).toBe(true);
    expect((await post(fields({ title: 'Segunda' }))).body.order).toBe(-1);
  });

  it('defaults to draft, not featured and an empty layout', async () => {
    const reply = await post({ title: 'Borrador', section_id: String(section.id), publish_date: '2025-01-01' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'draft', is_featured: false, layout: [] });
  });

  it('answers field errors in Spanish for missing required fields', async () => {
    const reply = await post({}, {});
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      title: [messages.required],
      section_id: [messages.required],
      featured_image: [messages.featuredImageRequired],
      publish_date: [messages.publishDateRequired],
    });
  });

  it.each([
    ['status', { status: 'borrador' }, messages.invalidStatus],
    ['publish_date', { publish_date: '2025-02-30' }, messages.invalidDate],
    ['is_featured', { is_featured: 'quizá' }, messages.invalidBoolean],
    ['section_id', { section_id: '9999' }, messages.sectionNotFound],
    // Multipart text is held to the schema as JSON is: 'abc' is no id at all.
    ['section_id', { section_id: 'abc' }, messages.invalidInteger],
    ['layout', { layout: '[{"cells": [' }, messages.invalidLayout],
    ['layout', { layout: '{"rows": []}' }, messages.invalidLayout],
    [
      'layout',
      {
        layout: JSON.stringify([
          {
            id: 'r',
            cells: [
              { type: 'text', content: '', columnSpan: 3 },
              { type: 'image', content: '', columnSpan: 2 },
            ],
          },
        ]),
      },
      `Fila 1: ${messages.layoutTooWide}`,
    ],
    [
      'layout',
      { layout: JSON.stringify([{ id: 'r', cells: [{ type: 'audio', content: '' }] }]) },
      `Fila 1, celda 1: ${messages.invalidCellType}`,
    ],
    [
      'layout',
      { layout: JSON.stringify([{ id: 'r', cells: [{ type: 'text', content: '', columnSpan: 5 }] }]) },
      `Fila 1, celda 1: ${messages.invalidColumnSpan}`,
    ],
    [
      'layout',
      { layout: JSON.stringify([{ id: 'r', cells: [{ type: 'image', content: 'javascript:alert(1)' }] }]) },
      `Fila 1, celda 1: ${messages.invalidUrl}`,
    ],
    [
      'layout',
      { layout: JSON.stringify([{ id: 'r', cells: [{ type: 'video', content: 'data:text/html,hola' }] }]) },
      `Fila 1, celda 1: ${messages.invalidUrl}`,
    ],
  ])('refuses a bad %s (%j) and stores nothing', async (field, extra, message) => {
    const before = (await server.request('GET', '/api/publications/?all=true', { token })).body.count;
    const reply = await post(fields(extra));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ [field]: [message] });
    expect((await server.request('GET', '/api/publications/?all=true', { token })).body.count).toBe(before);
  });

  it('refuses a featured image over 5 MB and a file that is not an image', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(FEATURED_IMAGE_MAX_BYTES)]);
    const tooBig = await post(fields(), { featured_image: { bytes: big } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toEqual({ featured_image: [messages.imageTooLarge] });

    const fake = await post(fields(), { featured_image: { bytes: Buffer.from('<?php echo 1; ?>'), name: 'foto.jpg', type: 'image/jpeg' } });
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual({ featured_image: [messages.imageTypeNotAllowed] });

    // JPEG magic bytes followed by garbage: the type looks right, the content is not an image.
    const corrupt = await post(fields(), {
      featured_image: { bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]) },
    });
    expect(corrupt.status).toBe(400);
    expect(corrupt.body).toEqual({ featured_image: [messages.notAnImage] });
  });

  it('sanitises the HTML of text cells: formatting stays, scripts and handlers go', async () => {
    const dirty = [
      {
        id: 'r',
        cells: [
          {
            id: 'c',
            type: 'text',
            columnSpan: 4,
            content:
              '<h2>Título</h2><p style="text-align: center" onclick="steal()">Texto <a href="javascript:alert(1)">malo</a> ' +
              '<a href="https://example.org" target="_blank">bueno</a></p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
              '<table><tbody><tr><td>1</td></tr></tbody></table><iframe src="https://evil.example/x"></iframe>' +
              '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
          },
        ],
      },
    ];
    const reply = await post(fields({ layout: JSON.stringify(dirty) }));
    expect(reply.status).toBe(201);
    const html: string = reply.body.layout[0].cells[0].content;
    expect(html).toContain('<h2>Título</h2>');
    expect(html).toContain('<p style="text-align:center">');
    expect(html).toContain('<table><tbody><tr><td>1</td></tr></tbody></table>');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">bueno</a>');
    expect(html).toContain('<iframe src="https://www.youtube.com/embed/abc"></iframe>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|evil\.example/);
  });

  it('accepts a JSON body too (without an image, so only as a draft edit)', async () => {
    const created = (await post(fields())).body;
    const reply = await server.request('PATCH', `/api/publications/${created.id}/`, {
      token,
      json: { title: 'Por JSON', is_featured: false, layout: [] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ title: 'Por JSON', is_featured: false, layout: [], featured_image: created.featured_image });
  });
});

describe('reading, editing and deleting publications', () => {
  let created: { id: number; featured_image: string };
  beforeAll(async () => {
    created = (await post(fields({ title: 'Para editar' }))).body;
  });

  it('reads one publication', async () => {
    const reply = await server.request('GET', `/api/publications/${created.id}/`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: created.id, title: 'Para editar', section: { id: section.id } });
    const missing = await server.request('GET', '/api/publications/999999/', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: messages.publicationNotFound });
  });

  it('PATCH without a file keeps the stored image; with one replaces it', async () => {
    const kept = await patch(created.id, { title: 'Editada', status: 'archived', section_id: String(otherSection.id) });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      title: 'Editada',
      status: 'archived',
      section_id: otherSection.id,
      featured_image: created.featured_image,
    });
    expect(kept.body.section.title).toBe('Revista');

    const replaced = await patch(
      created.id,
      {},
      { featured_image: { bytes: await makeImage('png'), name: 'nueva.png', type: 'image/png' } },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.featured_image).toMatch(/\.png$/);
    expect(replaced.body.featured_image).not.toBe(created.featured_image);
  });

  it('PATCH checks the fields it receives', async () => {
    const reply = await patch(created.id, { title: '', publish_date: '' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ title: [messages.required], publish_date: [messages.publishDateRequired] });
    expect((await patch(999999, { title: 'x' })).status).toBe(404);
  });

  it('filters the admin list by section', async () => {
    const reply = await server.request('GET', `/api/publications/?section=${otherSection.id}&page_size=1000&all=true`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.results.length).toBeGreaterThan(0);
    expect(reply.body.results.every((p: { section_id: number }) => p.section_id === otherSection.id)).toBe(true);
    const bad = await server.request('GET', '/api/publications/?section=abc', { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ section: [messages.invalidInteger] });
  });

  it('reorders in one transaction and refuses unknown ids without changing anything', async () => {
    const list = async () =>
      (await server.request('GET', '/api/publications/?all=true', { token })).body.results as { id: number; order: number }[];
    const before = await list();
    const reversed = before.map((p, i) => ({ id: p.id, order: before.length - 1 - i }));
    const ok = await server.request('PATCH', '/api/publications/reorder/', { token, json: reversed });
    expect(ok.status).toBe(200);
    expect((await list()).map((p) => p.id)).toEqual(before.map((p) => p.id).reverse());

    const snapshot = await list();
    const bad = await server.request('PATCH', '/api/publications/reorder/', {
      token,
      json: [
        { id: snapshot[0].id, order: 50 },
        { id: 777777, order: 1 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(await list()).toEqual(snapshot);
  });

  it('deletes', async () => {
    const reply = await server.request('DELETE', `/api/publications/${created.id}/`, { token });
    expect(reply.status).toBe(204);
    expect((await server.request('GET', `/api/publications/${created.id}/`, { token })).status).toBe(404);
    expect((await server.request('DELETE', `/api/publications/${created.id}/`, { token })).status).toBe(404);
  });

  it('a section that holds publications is not deleted; once emptied, it is', async () => {
    const kept = (await server.request('POST', '/api/sections/', { token, json: { title: 'Temporal' } })).body;
    const publication = (await post(fields({ section_id: String(kept.id) }))).body;
    const refused = await server.request('DELETE', `/api/sections/${kept.id}/`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: messages.sectionHasPublications(1), publication_count: 1 });
    expect((await server.request('GET', `/api/publications/${publication.id}/`, { token })).status).toBe(200);
    expect((await server.request('GET', `/api/sections/${kept.id}/`, { token })).status).toBe(200);
    expect((await server.request('DELETE', `/api/publications/${publication.id}/`, { token })).status).toBe(204);
    expect((await server.request('DELETE', `/api/sections/${kept.id}/`, { token })).status).toBe(204);
  });
});
