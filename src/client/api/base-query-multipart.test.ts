/**
 * @jest-environment node
 */
// Node's environment: its fetch serialises Node's FormData (jsdom's is a different class).
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { setupStore } from '@/client/app/store';
import { startTestServer } from '../../../test/helpers/http-test-server';
import { createBaseQuery } from './base-query';

test('a FormData body goes as multipart with the runtime boundary, still with credentials', async () => {
  const server = await startTestServer(() => ({ body: { id: 1 } }));
  try {
    const store = setupStore({ session: { restored: true, user: { access: 'tok', refresh: 'ref', username: 'ana' } } });
    const api: BaseQueryApi = { signal: new AbortController().signal, abort: () => {}, dispatch: store.dispatch, getState: store.getState, extra: undefined, endpoint: 'test', type: 'mutation' };
    const body = new FormData();
    body.append('name', 'Ana Pérez');
    body.append('photo', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'ana.png');

    const result = await createBaseQuery({ baseUrl: server.apiBase })({ url: '/biographies/', method: 'POST', body }, api, {});

    expect(result.error).toBeUndefined();
    const [request] = server.requests;
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.authorization).toBe('Bearer tok');
    expect(request.headers.accept).toBe('application/json');
    expect(request.body).toContain('Ana Pérez');
    expect(request.body).toContain('filename="ana.png"');
  } finally {
    await server.close();
  }
});
