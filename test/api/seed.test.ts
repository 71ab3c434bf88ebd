import fs from 'node:fs';
import path from 'node:path';
import { imageVariantUrl } from '@/domain/images';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { seedDemoContent } from '@/server/demo/seed';
import { fillMediaFacts } from '@/server/upkeep/media-facts';
import { startApiServer, type TestServer } from '../helpers/api-server';

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => server.close());

describe('demo content on a fresh start', () => {
  it('fills an empty database once: five sections, public news, eight biographies with one inactive, stored images', async () => {
    // Two instances sharing the database start at once: exactly one fills it.
    const other = await startApiServer({}, { dataDir: server.dataDir, databaseUrl: server.config.databaseUrl });
    try {
      // On PostgreSQL truly at once. better-sqlite3 waits for a lock synchronously, so two
      // connections inside one test process would block each other; there, one after the other.
      const outcomes = server.config.databaseUrl
        ? await Promise.all([seedDemoContent(server.services), seedDemoContent(other.services)])
        : [await seedDemoContent(server.services), await seedDemoContent(other.services)];
      expect(outcomes.sort()).toEqual([false, true]);
    } finally {
      await other.close();
    }
    expect(await seedDemoContent(server.services)).toBe(false);
    const token = await server.adminToken();

    const sections = (await server.request('GET', '/api/sections/?all=true', { token })).body.results.map((s: { slug: string }) => s.slug);
    expect(sections).toEqual(['presentacion-del-magister', 'revista', 'congresos', 'media', 'noticias']);

    const publications = (await server.request('GET', '/api/publications/?all=true', { token })).body;
    expect(publications.count).toBeGreaterThanOrEqual(12);
    const cellTypes = new Set(
      publications.results.flatMap((p: { layout: { cells: { type: string }[] }[] }) => p.layout.flatMap((r) => r.cells.map((c) => c.type))),
    );
    expect(cellTypes).toEqual(new Set(['text', 'image', 'video']));

    const news = (await server.request('GET', '/api/public/publications/?section_slug=noticias')).body;
    expect(news.count).toBeGreaterThan(0);
    const image: string = news.results[0].featured_image;
    expect(fs.existsSync(path.join(server.dataDir, image))).toBe(true);
    for (const width of IMAGE_VARIANT_WIDTHS)
      expect(fs.existsSync(path.join(server.dataDir, imageVariantUrl(image, width) as string))).toBe(true);

    const biographies = (await server.request('GET', '/api/biographies/?all=true', { token })).body.results;
    expect(biographies).toHaveLength(8);
    expect(biographies.filter((b: { is_active: boolean }) => !b.is_active)).toHaveLength(1);
    expect((await server.request('GET', '/api/public/biographies/')).body.count).toBe(7);

    // Every image it uses is in the library ('Medios'), titled after what uses it; the upkeep then reads its facts.
    const used = new Set<string>([
      ...publications.results.map((p: { featured_image: string }) => p.featured_image),
      ...biographies.filter((b: { photo: string | null }) => b.photo).map((b: { photo: string }) => b.photo),
      ...JSON.stringify(publications.results.map((p: { layout: unknown }) => p.layout)).match(/\/media\/images\/[0-9a-f-]{36}\.\w+/g)!,
    ]);
    const library = async () =>
      (await server.request('GET', '/api/media/?page_size=100', { token })).body.results as {
        url: string;
        title: string;
        size: number;
        width: number;
      }[];
    expect(new Set((await library()).map((item) => item.url))).toEqual(used);
    expect((await library()).find((item) => item.url === image)).toMatchObject({ title: news.results[0].title, size: 0 });
    await fillMediaFacts(server.services);
    for (const item of await library()) expect(item.size > 0 && item.width > 0).toBe(true);
  }, 120_000);
});

describe('a site whose content all went to the trash', () => {
  it('is not filled with demo content again on the next start', async () => {
    const site = await startApiServer();
    try {
      const token = await site.adminToken();
      const section = (await site.request('POST', '/api/sections/', { token, json: { title: 'Única' } })).body;
      expect((await site.request('DELETE', `/api/sections/${section.id}/`, { token })).status).toBe(204);
      expect(await seedDemoContent(site.services)).toBe(false);
      expect((await site.request('GET', '/api/sections/', { token })).body.count).toBe(0);
    } finally {
      await site.close();
    }
  });
});
