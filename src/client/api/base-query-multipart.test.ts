/**
 * @jest-environment node
 */
// Node's environment: its fetch serialises Node's FormData (jsdom's is a different class).
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { setupStore } from '@/client/app/store';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { createBaseQuery } from './base-query';

const api = withRealApi();

test('a FormData body goes as multipart with the runtime boundary, still with credentials, and the server reads its fields and file', async () => {
  const store = setupStore({ session: api.session() });
  const queryApi: BaseQueryApi = {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint: 'test',
    type: 'mutation',
  };
  const body = new FormData();
  body.append('name', 'Ana Pérez');
  body.append('position', 'Profesora');
  body.append('biography', 'Biografía.');
  body.append('photo', new Blob([await api.image('png')], { type: 'image/png' }), 'ana.png');

  const result = await createBaseQuery({ baseUrl: `${api.origin}/api` })({ url: '/biographies/', method: 'POST', body }, queryApi, {});

  expect(result.error).toBeUndefined();
  const [request] = await api.requests();
  expect(request.status).toBe(201);
  expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(request.headers.authorization).toBe(`Bearer ${api.tokens.access}`);
  expect(request.headers.accept).toBe('application/json');
  const stored = (await api.request('GET', `/api/biographies/${(result.data as { id: number }).id}/`)).body;
  expect(stored).toMatchObject({ name: 'Ana Pérez', position: 'Profesora', photo: expect.stringMatching(/\/media\//) });
  expect((await fetch(stored.photo.startsWith('http') ? stored.photo : `${api.origin}${stored.photo}`)).status).toBe(200);
});
