import type { Biography, PublicPublication } from '@/domain/entities';
import { isRecord } from '@/domain/guards';
import { publicApiAddress } from '@/domain/public-pages';
import { DEFAULT_LIST_ORDER, isListOrder, type ListOrder } from '@/domain/list-order';
import { baseApi } from './base-api';
import { isPage, toList } from './list-response';

export interface PublicPublicationPageRequest {
  sectionSlug: string;
  /** From 1. */
  page: number;
  pageSize: number;
}

export interface PublicPublicationPage {
  results: PublicPublication[];
  /** Publications of the section in all pages. */
  count: number;
  /** The section's 'Orden de la lista': an 'event' list is grouped under 'Próximos' and 'Anteriores'. */
  listOrder: ListOrder;
}

/**
 * The pages still to fetch after the first answer of the public biographies
 * (requirements §7): when the answer is a page with a `next`, pages 2..N where N is
 * count divided by the first page's size, rounded up. [] otherwise.
 */
export function remainingBiographyPages(first: unknown): number[] {
  if (!isPage(first) || !first.next) return [];
  const size = first.results.length;
  if (size === 0) return [];
  const last = Math.ceil(first.count / size);
  return Array.from({ length: Math.max(0, last - 1) }, (_, i) => i + 2);
}

/**
 * The faculty as the public page shows it (requirements §7), from the answers that
 * arrived (a plain array or DRF pages; a failed page is simply absent):
 * records without id dropped, de-duplicated by id (first seen wins), sorted
 * ascending by order (ties keep their arrival order).
 */
export function mergeBiographyAnswers(answers: readonly unknown[]): Biography[] {
  const seen = new Set<unknown>();
  const merged: Biography[] = [];
  for (const answer of answers) {
    for (const record of toList<Biography>(answer)) {
      if (record === null || typeof record !== 'object' || record.id === undefined || record.id === null) continue;
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      merged.push(record);
    }
  }
  const orderOf = (b: Biography) => (typeof b.order === 'number' && Number.isFinite(b.order) ? b.order : Number.MAX_SAFE_INTEGER);
  return merged
    .map((b, i) => ({ b, i }))
    .sort((x, y) => orderOf(x.b) - orderOf(y.b) || x.i - y.i)
    .map(({ b }) => b);
}

/** A public publications answer as the list pages read it (a plain list, which requirements §7 also allows, counts as one page). */
export function toPublicationPage(answer: unknown): PublicPublicationPage {
  const results = toList<PublicPublication>(answer);
  const listOrder = isRecord(answer) ? answer.list_order : undefined;
  return {
    results,
    count: isPage(answer) ? answer.count : results.length,
    listOrder: isListOrder(listOrder) ? listOrder : DEFAULT_LIST_ORDER,
  };
}

export const publicContentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/public/publications/?section_slug=&page=&page_size= : one page
     * of a section's publications and how many there are in all.
     */
    getPublicPublications: build.query<PublicPublicationPage, PublicPublicationPageRequest>({
      query: ({ sectionSlug, page, pageSize }) => publicApiAddress.publications(sectionSlug, page, pageSize),
      transformResponse: toPublicationPage,
      providesTags: (result) => [
        { type: 'PublicPublication' as const, id: 'LIST' },
        ...(result?.results ?? []).map(({ id }) => ({ type: 'PublicPublication' as const, id })),
      ],
    }),
    /**
     * GET /api/public/events/?page_size= : the first page of the site's
     * upcoming public events, soonest first (the home page's 'Próximo evento').
     */
    getPublicEvents: build.query<PublicPublicationPage, number>({
      query: (pageSize) => publicApiAddress.events(pageSize),
      transformResponse: toPublicationPage,
      providesTags: (result) => [
        { type: 'PublicPublication' as const, id: 'LIST' },
        ...(result?.results ?? []).map(({ id }) => ({ type: 'PublicPublication' as const, id })),
      ],
    }),
    /** GET /api/public/publication/{id}/ */
    getPublicPublication: build.query<PublicPublication, number>({
      query: (id) => publicApiAddress.publication(id),
      providesTags: (_result, _error, id) => [{ type: 'PublicPublication' as const, id }],
    }),
    /**
     * GET /api/public/biographies/ with page_size=100&include_inactive=true,
     * then pages 2..N; failed later pages are skipped (requirements §7). Only a failed
     * first page is an error.
     */
    getPublicBiographies: build.query<Biography[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const first = await baseQuery(publicApiAddress.biographies());
        if (first.error) return { error: first.error };
        const rest = await Promise.all(
          remainingBiographyPages(first.data).map((page) =>
            Promise.resolve(baseQuery(publicApiAddress.biographies(page))).then(
              (answer) => (answer.error ? undefined : answer.data),
              () => undefined,
            ),
          ),
        );
        return { data: mergeBiographyAnswers([first.data, ...rest]) };
      },
      providesTags: (result) => [
        { type: 'PublicBiography' as const, id: 'LIST' },
        ...(result ?? []).map(({ id }) => ({ type: 'PublicBiography' as const, id })),
      ],
    }),
  }),
});

export const { useGetPublicPublicationsQuery, useGetPublicEventsQuery, useGetPublicPublicationQuery, useGetPublicBiographiesQuery } =
  publicContentApi;
