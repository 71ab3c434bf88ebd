import { formData, startApiServer, type TestServer } from '../helpers/api-server';

/** GET /api/summary/: the admin landing's counts, counted by the database. */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startApiServer();
  token = await server.adminToken();
});
afterAll(async () => server.close());

it('counts every kind of content and the part of it visitors see, for administrators only', async () => {
  expect((await server.request('GET', '/api/summary/')).status).toBe(401);
  const empty = await server.request('GET', '/api/summary/', { token });
  expect(empty.body).toEqual({ sections: { total: 0, visible: 0 }, publications: { total: 0, published: 0 }, biographies: { total: 0, active: 0 } });

  await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } });
  await server.request('POST', '/api/sections/', { token, json: { title: 'Oculta', is_active: false } });
  for (const [name, active] of [['Ana', 'true'], ['Luis', 'false']]) {
    await server.request('POST', '/api/biographies/', { token, form: formData({ name, position: 'Docente', biography: 'Bio', is_active: active }) });
  }
  const summary = await server.request('GET', '/api/summary/', { token });
  expect(summary.body).toEqual({ sections: { total: 2, visible: 1 }, publications: { total: 0, published: 0 }, biographies: { total: 2, active: 1 } });
});
