import { publicPagesWith } from '@/domain/catalogue';
import type { SectionLink } from '@/domain/entities';

export interface SitemapPublication {
  id: number;
  section_slug: string;
  /** YYYY-MM-DD or an ISO timestamp. */
  updated_at?: string | null;
  publish_date?: string | null;
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const dayOf = (value: string | null | undefined): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/**
 * sitemap.xml (sitemaps.org 0.9): the public pages of the catalogue (the
 * navigation's, less GIESE, which has no page) and of the visible sections
 * administrators added, then every public publication at /{sectionSlug}/{id}.
 */
export function renderSitemap(origin: string, publications: readonly SitemapPublication[], added: readonly SectionLink[] = []): string {
  const base = origin.replace(/\/+$/, '');
  const url = (path: string, lastmod: string | null) =>
    `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const lines = [
    ...publicPagesWith(added).map((page) => url(page.href, null)),
    ...publications.map((p) => url(`/${encodeURIComponent(p.section_slug)}/${p.id}`, dayOf(p.updated_at) ?? dayOf(p.publish_date))),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public except the admin area and the API; where the sitemap is. */
export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml\n`;
}
