import type { Page } from '@/domain/entities';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { parseBoolean } from '@/domain/validation';
import type { RowRange } from '../db/paging';
import { ApiError } from './api-error';

export interface PageRequest {
  page: number;
  pageSize: number;
  /** undefined when the caller asked for everything (all=true). */
  window?: RowRange;
}

type Query = Record<string, unknown>;

const wholeNumber = (value: unknown): number | undefined =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined;

/**
 * DRF's PageNumberPagination: `page` (from 1) and `page_size` (default 20,
 * at most 1000; an unusable one falls back to the default, as DRF does).
 * `all=true` returns every row in one page.
 */
export function readPageRequest(query: Query, defaultSize = DEFAULT_PAGE_SIZE): PageRequest {
  if (parseBoolean(query.all) === true) return { page: 1, pageSize: MAX_PAGE_SIZE };
  const size = wholeNumber(query.page_size);
  const pageSize = size && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : defaultSize;
  const page = query.page === undefined ? 1 : wholeNumber(query.page);
  if (!page || page < 1) throw new ApiError(404, { detail: messages.invalidPage });
  return { page, pageSize, window: { limit: pageSize, offset: (page - 1) * pageSize } };
}

/** Builds the page answer; a page past the end is 404 as in DRF (the first page always exists). */
export function toPage<T>(request: PageRequest, count: number, results: T[], requestUrl: URL): Page<T> {
  if (request.window && request.page > 1 && request.window.offset >= count) throw new ApiError(404, { detail: messages.invalidPage });
  const link = (page: number): string => {
    const url = new URL(requestUrl);
    if (page === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    return url.toString();
  };
  const hasNext = request.window !== undefined && request.window.offset + results.length < count;
  return {
    count,
    next: hasNext ? link(request.page + 1) : null,
    previous: request.window && request.page > 1 ? link(request.page - 1) : null,
    results,
  };
}

/**
 * The absolute address of a request, for DRF's next/previous links: its path
 * and query on the site's public origin (http/public-origin.ts), never on the
 * Host it was sent with, since the answer may be cached for everyone.
 */
export function requestUrl(request: { url: string; server: { publicOrigin(): string } }): URL {
  return new URL(request.url, request.server.publicOrigin());
}
