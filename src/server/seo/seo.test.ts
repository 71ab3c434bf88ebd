import type { Layout } from '@/domain/entities';
import { escapeXml } from './feeds';
import { publicationHead, publicationIdOf } from './publication-head';
import { renderRobots, renderSitemap, renderSitemapPart } from './sitemap';

const layout = (html: string): Layout => [{ id: 'r', cells: [{ id: 'c', type: 'text', content: html }] }];

describe('publicationIdOf', () => {
  it('reads /{sectionSlug}/{id}', () => {
    expect(publicationIdOf('/noticias/12')).toBe(12);
    expect(publicationIdOf('/presentacion-del-magister/3/')).toBe(3);
  });
  it('ignores everything else', () => {
    for (const path of ['/', '/noticias', '/noticias/abc', '/noticias/0', '/admin/publications/4', '/a/b/5', '/media/images/x.jpg']) {
      expect(publicationIdOf(path)).toBeNull();
    }
  });
});

describe('publicationHead', () => {
  it('titles the page like the browser does, describes it with its first text, shows its image', () => {
    const head = publicationHead({
      title: 'Premio al mejor TFM',
      layout: layout('<p>El trabajo <em>premiado</em> estudia el acoso.</p>'),
      featured_image: '/media/images/p.jpg',
    });
    expect(head).toEqual({
      title: 'Premio al mejor TFM · Máster en Educación Emocional y Convivencia Escolar',
      description: 'El trabajo premiado estudia el acoso.',
      image: '/media/images/p.jpg',
    });
  });
  it('cuts long descriptions at 155 characters', () => {
    const head = publicationHead({ title: 'T', layout: layout(`<p>${'palabra '.repeat(40)}</p>`), featured_image: null });
    expect(head.description.length).toBeLessThanOrEqual(155);
    expect(head.description.endsWith('…')).toBe(true);
    expect(head.image).toBeUndefined();
  });
  it('falls back to the title when there is no text', () => {
    expect(publicationHead({ title: 'Solo imagen', layout: [], featured_image: null }).description).toBe(
      'Solo imagen. Máster en Educación Emocional y Convivencia Escolar.',
    );
  });
});

describe('renderSitemap', () => {
  it('lists the public pages and each publication at /{sectionSlug}/{id} with its date', () => {
    const xml = renderSitemap('https://master.example.org/', [
      { id: 3, section_slug: 'noticias', updated_at: '2026-01-20T10:00:00.000Z' },
      { id: 8, section_slug: 'revista', updated_at: null, publish_date: '2026-03-12' },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const path of ['/', '/presentacion-magister', '/cuerpo-docente', '/revista', '/congresos', '/media', '/noticias']) {
      expect(xml).toContain(`<loc>https://master.example.org${path}</loc>`);
    }
    expect(xml).toContain('<url><loc>https://master.example.org/noticias/3</loc><lastmod>2026-01-20</lastmod></url>');
    expect(xml).toContain('<url><loc>https://master.example.org/revista/8</loc><lastmod>2026-03-12</lastmod></url>');
    expect(xml).not.toContain('/admin');
  });

  it('past the per-file limit, becomes an index of parts that hold every address once, in order', () => {
    const publications = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, section_slug: 'noticias', publish_date: '2026-01-01' }));
    // 7 public pages + 25 publications = 32 addresses, 10 a file: 4 parts.
    const index = renderSitemap('https://master.example.org', publications, [], 10);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])).toEqual(
      [1, 2, 3, 4].map((n) => `https://master.example.org/sitemap-${n}.xml`),
    );

    const parts = [1, 2, 3, 4].map((n) => renderSitemapPart('https://master.example.org', publications, [], n, 10)!);
    const locs = parts.flatMap((xml) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]));
    expect(locs).toHaveLength(32);
    expect(new Set(locs).size).toBe(32);
    expect(locs[0]).toBe('https://master.example.org/');
    expect(locs.at(-1)).toBe('https://master.example.org/noticias/25');
    expect(parts.every((xml) => (xml.match(/<url>/g) ?? []).length <= 10)).toBe(true);
    expect(renderSitemapPart('https://master.example.org', publications, [], 5, 10)).toBeNull();
    // While everything fits, there are no parts.
    expect(renderSitemapPart('https://master.example.org', publications, [], 1)).toBeNull();
  });
});

describe('renderRobots', () => {
  it('keeps /admin and the API out and points at the sitemap by its full address', () => {
    expect(renderRobots('http://127.0.0.1:4010')).toBe(
      'User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: http://127.0.0.1:4010/sitemap.xml\n',
    );
  });
});

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
  });

  it('drops every character XML 1.0 cannot carry and keeps the rest', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFFg\uD800h\uDFFFi')).toBe('abcdefghi');
    const kept = 'tab\tline\ncr\r del\u007F c1\u0085 \uD7FF\uE000\uFFFD 🙂 \u{10FFFF}';
    expect(escapeXml(kept)).toBe(kept);
  });
});
