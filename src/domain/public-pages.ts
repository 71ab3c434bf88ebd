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
 * (docs/decisions/068-public-pages-load-sooner.md); the answers a page is
 * drawn from come inside its HTML instead (PageRead).
 */
export const publicApiAddress = {
  /** One page of a section's public publications. */
  publications: (sectionSlug: string, page: number, pageSize = PUBLIC_PUBLICATION_PAGE_SIZE): string =>
    withQuery('/public/publications/', { section_slug: sectionSlug, page, page_size: pageSize }),
  publication: (id: number): string => `/public/publication/${id}/`,
  /** The site's upcoming events, soonest first (the home page's 'Próximo evento'). */
  events: (pageSize: number): string => withQuery('/public/events/', { page_size: pageSize }),
  /** A page of results of an already bounded query (site-search.ts boundSearchQuery). */
  search: (query: string, page: number): string => withQuery('/public/search/', page > 1 ? { q: query, page } : { q: query }),
  /** The faculty, a hundred a page, the inactive too (the page greys them). */
  /** What a private preview link shows; 404 once it is revoked or expired. */
  preview: (token: string): string => `/public/preview/${encodeURIComponent(token)}/`,
  biographies: (page = 1): string =>
    withQuery('/public/biographies/', { page_size: PUBLIC_BIOGRAPHY_PAGE_SIZE, include_inactive: true, ...(page > 1 ? { page } : {}) }),
};

/**
 * An API answer a public page is drawn from: the server reads it as the app's
 * own request would, draws the page with it and writes it into the page's
 * HTML, and the browser app takes the page over from it without asking again
 * (docs/decisions/069-first-answer-in-the-page.md, 185-public-pages-as-html.md).
 */
export type PageRead =
  | { kind: 'publications'; sectionSlug: string; page: number; pageSize: number }
  | { kind: 'publication'; id: number }
  /** The first page of the site's upcoming events. */
  | { kind: 'events'; pageSize: number }
  | { kind: 'search'; q: string; page: number }
  /** The faculty: the first page of a hundred, then the rest (client/api/public-content.ts). */
  | { kind: 'biographies'; page: number };

/** Where a page read is answered: the address the app's own request would use. */
export function pageReadAddress(read: PageRead): string {
  if (read.kind === 'publications') return publicApiAddress.publications(read.sectionSlug, read.page, read.pageSize);
  if (read.kind === 'publication') return publicApiAddress.publication(read.id);
  if (read.kind === 'biographies') return publicApiAddress.biographies(read.page);
  if (read.kind === 'events') return publicApiAddress.events(read.pageSize);
  return publicApiAddress.search(read.q, read.page);
}

/** How many of the latest news the home page shows (client/site/latest-news.tsx), read with it. */
export const HOME_NEWS_COUNT = 3;

/** How many upcoming events the home page shows ('Próximo evento', client/site/next-event.tsx), read with it. */
export const HOME_EVENT_COUNT = 1;

/** What a public page's HTML carries for the app that takes it over: its status and the answers it was drawn from. */
export interface PageData {
  /** 404: the site's 404 page was drawn, whatever the address's route would draw. */
  status: 200 | 404;
  reads: { read: PageRead; answer: unknown }[];
}

/** The id of the `<script type="application/json">` that carries a public page's PageData. */
export const PAGE_DATA_ELEMENT_ID = 'datos-de-la-pagina';
