import type { Page } from '@playwright/test';

/**
 * The admin API as the signed-in browser page sees it, for browser tests that
 * prepare or restore content around what they do on screen (the token is the
 * page's own, from localStorage 'user').
 */
export function adminApi(page: Page) {
  const headers = async (): Promise<Record<string, string>> => {
    const access = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? 'null') as { access: string } | null)?.access ?? '',
    );
    return { Authorization: `Bearer ${access}`, Accept: 'application/json' };
  };
  const json = async <T>(method: string, url: string, data?: unknown): Promise<{ status: number; body: T }> => {
    const response = await page.request.fetch(url, { method, headers: await headers(), data: data === undefined ? undefined : data });
    const text = await response.text();
    return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
  };
  const list = async <T>(resource: 'sections' | 'biographies'): Promise<T[]> => {
    const { body } = await json<{ results: T[] } | T[]>('GET', `/api/${resource}/?page_size=1000&all=true`);
    return Array.isArray(body) ? body : body.results;
  };
  return {
    json,
    list,
    /** The ids of a list in its order. */
    order: async (resource: 'sections' | 'biographies') => (await list<{ id: number }>(resource)).map(({ id }) => id),
    /** Puts a list back in the given order. */
    restoreOrder: async (resource: 'sections' | 'biographies', ids: number[]) => {
      await json(
        'PATCH',
        `/api/${resource}/reorder/`,
        ids.map((id, order) => ({ id, order })),
      );
    },
    multipart: async <T>(
      method: string,
      url: string,
      multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
    ) => {
      const response = await page.request.fetch(url, { method, headers: await headers(), multipart });
      return { status: response.status(), body: (await response.json().catch(() => null)) as T };
    },
  };
}
