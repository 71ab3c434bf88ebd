import { BANNER_IMAGE_SIZES, CARD_IMAGE_SIZES } from './images';
import { PUBLIC_BIOGRAPHY_PAGE_SIZE, PUBLIC_PUBLICATION_PAGE_SIZE } from './limits';

/** The query parameter of a public list's page: /noticias?pagina=3 (shareable, crawlable, kept in history). */
export const PAGE_PARAM = 'pagina';

/**
 * The page a public list's address asks for, as the browser app and the server
 * (which answers 404 past the last) both read it: a whole number from 1, 1 when
 * absent; null for anything else ('0', 'dos', '2.5').
 */
export function pageFromSearch(search: URLSearchParams): number | null {
  const raw = search.get(PAGE_PARAM);
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

const withQuery = (path: string, params: Record<string, string | number | boolean>): string =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString()}`;

/**
 * The public API's addresses (under /api) that the site's pages read
 * (client/api/public-content.ts, client/site/search-api.ts), in one place.
 * Not preloaded from the page's HTML: a preload takes the browser's default
 * cache mode, which serves an answer up to 30 s stale (stale-while-revalidate,
 * decision 017), where the app's own request revalidates
 * (docs/decisions/068-public-pages-load-sooner.md); the page's first answer
 * comes inside its HTML instead (FirstRead).
 */
export const publicApiAddress = {
  /** One page of a section's public publications. */
  publications: (sectionSlug: string, page: number, pageSize = PUBLIC_PUBLICATION_PAGE_SIZE): string =>
    withQuery('/public/publications/', { section_slug: sectionSlug, page, page_size: pageSize }),
  publication: (id: number): string => `/public/publication/${id}/`,
  /** A page of results of an already bounded query (site-search.ts boundSearchQuery). */
  search: (query: string, page: number): string => withQuery('/public/search/', page > 1 ? { q: query, page } : { q: query }),
  /** The faculty, a hundred a page, the inactive too (the page greys them). */
  biographies: (page = 1): string =>
    withQuery('/public/biographies/', { page_size: PUBLIC_BIOGRAPHY_PAGE_SIZE, include_inactive: true, ...(page > 1 ? { page } : {}) }),
};

/**
 * The API answer a public page reads first: the server writes it into the
 * page's HTML, and the app draws the page from it without asking
 * (docs/decisions/069-first-answer-in-the-page.md).
 */
export type FirstRead =
  | { kind: 'publications'; sectionSlug: string; page: number }
  | { kind: 'publication'; id: number }
  | { kind: 'search'; q: string; page: number };

/** Where a first read is answered: the address the app's own request would use. */
export function firstReadAddress(read: FirstRead): string {
  if (read.kind === 'publications') return publicApiAddress.publications(read.sectionSlug, read.page);
  if (read.kind === 'publication') return publicApiAddress.publication(read.id);
  return publicApiAddress.search(read.q, read.page);
}

/** The id of the `<script type="application/json">` that carries `{ read, answer }` in a public page. */
export const FIRST_ANSWER_ELEMENT_ID = 'primera-respuesta';

const featuredImageOf = (value: unknown): string | null => {
  const image = typeof value === 'object' && value !== null ? (value as { featured_image?: unknown }).featured_image : null;
  return typeof image === 'string' && image !== '' ? image : null;
};

/**
 * The image a page shows first and largest, from its first answer, with the
 * layout widths the page gives it: the first card's of a list or a search
 * (drawn with high priority), a publication's featured image. The server names
 * it in the page's HTML, so that it downloads beside the scripts.
 */
export function leadImage(read: FirstRead, answer: unknown): { src: string; sizes: string } | null {
  if (read.kind === 'publication') {
    const src = featuredImageOf(answer);
    return src ? { src, sizes: BANNER_IMAGE_SIZES } : null;
  }
  const results = typeof answer === 'object' && answer !== null ? (answer as { results?: unknown }).results : undefined;
  const src = Array.isArray(results) ? featuredImageOf(results[0]) : null;
  return src ? { src, sizes: CARD_IMAGE_SIZES } : null;
}
