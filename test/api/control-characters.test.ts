import { messages } from '@/domain/messages';
import { countLoginAttempts } from '@/server/db/login-attempts-repository';
import { formData, startSignedIn, type TestServer } from '../helpers/api-server';

/**
 * A NUL (and any control character but tab and line breaks) in any text that enters is a
 * field error, the same on SQLite and PostgreSQL (which refuses NUL in text: it surfaced as a
 * 500): query parameters, JSON and multipart fields, path segments. Nothing is written or
 * counted. CI runs this file on both databases.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startSignedIn());
}, 60_000);
afterAll(async () => server.close());

const refusedAs = (field: string) => ({ [field]: [messages.controlCharacter] });
const sectionCount = async () => (await server.request('GET', '/api/sections/', { token })).body.count as number;

it('a query parameter, public or admin: 400 on that parameter', async () => {
  const section = await server.request('GET', '/api/public/publications/?section_slug=%00');
  expect([section.status, section.body]).toEqual([400, refusedAs('section_slug')]);
  const search = await server.request('GET', '/api/publications/?search=%00', { token });
  expect([search.status, search.body]).toEqual([400, refusedAs('search')]);
  // Tab and line breaks are text; a search for them is no error.
  expect((await server.request('GET', '/api/publications/?search=a%09b%0Ac', { token })).status).toBe(200);
});

it('a JSON field, at any depth: 400 on the field, nothing written', async () => {
  const before = await sectionCount();
  const title = await server.request('POST', '/api/sections/', { token, json: { title: 'a\u0000b' } });
  expect([title.status, title.body]).toEqual([400, refusedAs('title')]);
  const other = await server.request('POST', '/api/sections/', { token, json: { title: 'Bell\u0007' } });
  expect([other.status, other.body]).toEqual([400, refusedAs('title')]);
  const deep = await server.request('POST', '/api/publications/', {
    token,
    json: { title: 'Con celda', section_id: 1, layout: [{ id: 'r', cells: [{ id: 'c', type: 'text', content: '<p>x\u0000</p>' }] }] },
  });
  expect([deep.status, deep.body]).toEqual([400, refusedAs('layout')]);
  expect(await sectionCount()).toBe(before);
});

it('a multipart field: 400 on the field, nothing written', async () => {
  const reply = await server.request('POST', '/api/biographies/', {
    token,
    form: formData({ name: 'Ana\u0000', position: 'Docente', biography: 'Bio' }),
  });
  expect([reply.status, reply.body]).toEqual([400, refusedAs('name')]);
  expect((await server.request('GET', '/api/biographies/', { token })).body.count).toBe(0);
});

it('a path segment: 400, never a 500', async () => {
  const reply = await server.request('GET', '/api/sections/%00/', { token });
  expect([reply.status, reply.body]).toEqual([400, refusedAs('id')]);
  const page = await server.request('GET', '/api/public/sections/%00/');
  expect(page.status).toBeLessThan(500);
});

it('a sign-in with a NUL in the username is refused before the throttle: no attempt is reserved, whoever asks', async () => {
  const attempts = await countLoginAttempts(server.services.db);
  const reply = await server.request('POST', '/api/token/', { json: { username: 'a\u0000b', password: 'x' } });
  expect([reply.status, reply.body]).toEqual([400, refusedAs('username')]);
  expect(await countLoginAttempts(server.services.db)).toBe(attempts);
});

it('in a query parameter, on every route of the API: the field error, in the shape every route declares for a 400', async () => {
  const document = (await server.request('GET', '/api/schema/')).body as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  };
  const answers: string[] = [];
  const declared: string[] = [];
  for (const [pattern, operations] of Object.entries(document.paths)) {
    if (!pattern.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const route = `${method.toUpperCase()} ${pattern}`;
      // Every parameter 1, a token, an empty body where one is read: only the parameter is wrong.
      const address = `${pattern.replace(/\{[^}]+\}/g, '1')}?x=%00`;
      const reply = await server.request(
        method.toUpperCase(),
        address,
        ['get', 'delete'].includes(method) ? { token } : { token, json: {} },
      );
      if (reply.status !== 400 || JSON.stringify(reply.body) !== JSON.stringify(refusedAs('x'))) {
        answers.push(`${route}: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
      const schema = operation.responses['400']?.content?.['application/json']?.schema;
      if (JSON.stringify(schema) !== JSON.stringify({ $ref: '#/components/schemas/BadRequest' }))
        declared.push(`${route}: ${JSON.stringify(schema)}`);
    }
  }
  expect({ answers, declared }).toEqual({ answers: [], declared: [] });
});
