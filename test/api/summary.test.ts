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
  expect(empty.body).toEqual({
    sections: { total: 0, visible: 0 },
    publications: { total: 0, published: 0 },
    biographies: { total: 0, active: 0 },
    locked_usernames: [],
  });

  await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } });
  await server.request('POST', '/api/sections/', { token, json: { title: 'Oculta', is_active: false } });
  for (const [name, active] of [
    ['Ana', 'true'],
    ['Luis', 'false'],
  ]) {
    await server.request('POST', '/api/biographies/', {
      token,
      form: formData({ name, position: 'Docente', biography: 'Bio', is_active: active }),
    });
  }
  const summary = await server.request('GET', '/api/summary/', { token });
  expect(summary.body).toEqual({
    sections: { total: 2, visible: 1 },
    publications: { total: 0, published: 0 },
    biographies: { total: 2, active: 1 },
    locked_usernames: [],
  });
});

it('names the administrators that failed sign-ins have locked for unknown browsers, and nobody else', async () => {
  const locking = await startApiServer({ trustProxy: 1, loginRateLimitMax: 3 });
  try {
    const adminToken = await locking.adminToken();
    const fail = (username: string, i: number) =>
      locking.request('POST', '/api/token/', {
        json: { username, password: 'equivocada' },
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      });
    for (let i = 0; i < 3; i++) expect((await fail('ADMIN', i)).status).toBe(401);
    // A name that is nobody's is not an administrator to warn about.
    for (let i = 0; i < 3; i++) await fail('nadie', 10 + i);
    const summary = await locking.request('GET', '/api/summary/', { token: adminToken });
    expect(summary.body.locked_usernames).toEqual(['admin']);
  } finally {
    await locking.close();
  }
}, 60_000);
