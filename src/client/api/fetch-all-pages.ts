import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isPage, toList } from './list-response';

type Params = Record<string, string | number | boolean>;
/** The baseQuery that RTK Query hands to a queryFn (already bound to the request's api). */
type BoundBaseQuery = (
  arg: string | FetchArgs,
) => PromiseLike<{ data?: unknown; error?: FetchBaseQueryError }> | { data?: unknown; error?: FetchBaseQueryError };

/**
 * Every item of an admin list (requirements §7): asks for the first page, and when the
 * answer is a page with more to come, fetches pages 2..N with `page` and
 * `page_size` (N = count / first page's size, rounded up). A plain array, or
 * any other shape, is normalised by toList. A failed page fails the whole
 * list: an admin list with holes would reorder the wrong rows.
 */
export async function fetchAllPages<T>(
  baseQuery: BoundBaseQuery,
  url: string,
  params: Params,
): Promise<{ data: T[] } | { error: FetchBaseQueryError }> {
  const first = await baseQuery({ url, params });
  if (first.error) return { error: first.error };
  if (!isPage<T>(first.data) || first.data.next === null || first.data.results.length === 0) {
    return { data: toList<T>(first.data) };
  }
  const pageSize = first.data.results.length;
  const pageCount = Math.ceil(first.data.count / pageSize);
  const rest = await Promise.all(
    Array.from({ length: pageCount - 1 }, (_, index) => baseQuery({ url, params: { ...params, page: index + 2, page_size: pageSize } })),
  );
  const failed = rest.find((answer) => answer.error);
  if (failed?.error) return { error: failed.error };
  return { data: [first.data.results, ...rest.map((answer) => toList<T>(answer.data))].flat() };
}
