import { publicPagesWith } from '@/domain/catalogue';
import type { SectionLink } from '@/domain/entities';
import { escapeXml } from './feeds';

export interface SitemapPublication {
  id: number;
  section_slug: string;
  /** YYYY-MM-DD or an ISO timestamp. */
  updated_at?: string | null;
  publish_date?: string | null;
}

const dayOf = (value: string | null | undefined): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** A sitemap file holds at most this many addresses (sitemaps.org); past it, /sitemap.xml is an index of parts. */
const SITEMAP_MAX_URLS = 50_000;

interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/**
 * Every public address in order: the public pages of the catalogue (the
 * navigation's, less GIESE, which has no page) and of the visible sections
 * administrators added, then every public publication at /{sectionSlug}/{id}.
 */
function sitemapEntries(publications: readonly SitemapPublication[], added: readonly SectionLink[]): SitemapEntry[] {
  return [
    ...publicPagesWith(added).map((page) => ({ path: page.href, lastmod: null })),
    ...publications.map((p) => ({
      path: `/${encodeURIComponent(p.section_slug)}/${p.id}`,
      lastmod: dayOf(p.updated_at) ?? dayOf(p.publish_date),
    })),
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlset(base: string, entries: readonly SitemapEntry[]): string {
  const lines = entries.map(
    ({ path, lastmod }) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/**
 * /sitemap.xml (sitemaps.org 0.9): every public address in one file while
 * they fit (SITEMAP_MAX_URLS), else a sitemap index of /sitemap-1.xml,
 * /sitemap-2.xml... (renderSitemapPart).
 */
export function renderSitemap(
  origin: string,
  publications: readonly SitemapPublication[],
  added: readonly SectionLink[] = [],
  max = SITEMAP_MAX_URLS,
): string {
  const base = origin.replace(/\/+$/, '');
  const entries = sitemapEntries(publications, added);
  if (entries.length <= max) return urlset(base, entries);
  const parts = Math.ceil(entries.length / max);
  const lines = Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

/** /sitemap-{part}.xml: the part-th file of a split sitemap (from 1), or null when there is no such part. */
export function renderSitemapPart(
  origin: string,
  publications: readonly SitemapPublication[],
  added: readonly SectionLink[],
  part: number,
  max = SITEMAP_MAX_URLS,
): string | null {
  const entries = sitemapEntries(publications, added);
  if (entries.length <= max || part < 1) return null;
  const slice = entries.slice((part - 1) * max, part * max);
  return slice.length > 0 ? urlset(origin.replace(/\/+$/, ''), slice) : null;
}

/** robots.txt: everything public except the admin area and the API; where the sitemap is. */
export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml\n`;
}
