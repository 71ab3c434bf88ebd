import type { TestServer } from './api-server';

/**
 * Takes the library's item at an address away for good, as an Administrador would: its delete
 * (`force`, whatever still names the file), then its purge from the trash. Every upload lands in
 * the library (docs/decisions/192), which holds its file until then.
 */
export async function purgeFromLibrary(server: TestServer, token: string, url: string): Promise<void> {
  const item = await server.services.db.selectFrom('media').select('id').where('url', '=', url).executeTakeFirstOrThrow();
  expect((await server.request('DELETE', `/api/media/${item.id}/?force=true`, { token })).status).toBe(204);
  const entries = (await server.request('GET', '/api/trash/?all=true', { token })).body.results as {
    id: number;
    kind: string;
    item_id: number;
  }[];
  const entry = entries.find((one) => one.kind === 'media' && one.item_id === item.id);
  expect((await server.request('DELETE', `/api/trash/${entry?.id}/`, { token })).status).toBe(204);
}
