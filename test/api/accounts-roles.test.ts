import { accountMessages } from '@/domain/accounts';
import { ROUTE_RULES } from '@/server/auth/permissions';
import { insertActivity } from '@/server/db/activity-repository';
import { formData, makeImage, startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';

/** The roles matrix: every admin route has its rule, and an Editor is refused every route the matrix keeps from them. */

let server: TestServer;
let adminToken: string;
let editorToken: string;
const EDITOR = { username: 'editora.roles', password: 'una-clave-de-editora-larga' };

beforeAll(async () => {
  server = await startApiServer();
  adminToken = await server.adminToken();
  const created = await server.request('POST', '/api/users/', {
    token: adminToken,
    json: { username: EDITOR.username, name: 'Editora', role: 'editor' },
  });
  expect(created.status).toBe(201);
  const token = (created.body.invitation.url as string).split('#')[1];
  const accepted = await server.request('POST', '/api/invitations/accept/', { json: { token, password: EDITOR.password } });
  expect(accepted.status).toBe(200);
  editorToken = accepted.body.access;
}, 30_000);
afterAll(async () => server.close());

const forbidden = { detail: accountMessages.forbidden };
const publicationForm = async (title: string, sectionId: number) =>
  formData(
    { title, section_id: String(sectionId), status: 'draft', publish_date: '2026-01-15', layout: '[]' },
    { featured_image: { bytes: await makeImage('jpeg') } },
  );
/** A route pattern as an address: every parameter 1. */
const addressOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1');

/** Every route of the API document, as 'METHOD pattern' with Fastify's :param form. */
async function documentedRoutes(): Promise<string[]> {
  const document = (await server.request('GET', '/api/schema/')).body as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
  );
}

it('has a rule for every route of the admin scope (a route that asks for a token)', async () => {
  const routes = await documentedRoutes();
  const admin: string[] = [];
  for (const route of routes) {
    const [method, pattern] = route.split(' ');
    // The admin scope refuses a request without a token before anything else looks at it.
    const reply = await server.request(method, addressOf(pattern), method === 'GET' || method === 'DELETE' ? {} : { json: {} });
    if (reply.status === 401 && reply.body.detail === 'No se proporcionaron credenciales de autenticación.') admin.push(route);
  }
  expect(admin.length).toBeGreaterThan(20);
  expect(admin.filter((route) => !(route in ROUTE_RULES))).toEqual([]);
  // And the table names no route that does not exist.
  expect(Object.keys(ROUTE_RULES).filter((route) => !admin.includes(route))).toEqual([]);
});

describe('an Editor', () => {
  const refused = Object.entries(ROUTE_RULES).filter(([, rule]) => !rule.roles.includes('editor'));

  it.each(refused.map(([route]) => [route]))('is refused %s with 403 and the sentence', async (route) => {
    const [method, pattern] = route.split(' ');
    const reply = await server.request(
      method,
      addressOf(pattern),
      method === 'GET' || method === 'DELETE' ? { token: editorToken } : { token: editorToken, json: {} },
    );
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual(forbidden);
  });

  it('reads sections, and writes publications', async () => {
    expect((await server.request('GET', '/api/sections/', { token: editorToken })).status).toBe(200);
    const section = await server.request('POST', '/api/sections/', { token: adminToken, json: { title: 'Sección de roles' } });
    expect(section.status).toBe(201);
    const publication = await server.request('POST', '/api/publications/', {
      token: editorToken,
      form: await publicationForm('Escrita por la editora', section.body.id),
    });
    expect(publication.status).toBe(201);
    expect((await server.request('DELETE', `/api/publications/${publication.body.id}/`, { token: editorToken })).status).toBe(204);
  });

  it('restores a publication from the trash but not a section, and purges nothing', async () => {
    const section = await server.request('POST', '/api/sections/', { token: adminToken, json: { title: 'Sección a la papelera' } });
    const publication = await server.request('POST', '/api/publications/', {
      token: adminToken,
      form: await publicationForm('A la papelera', section.body.id),
    });
    expect((await server.request('DELETE', `/api/publications/${publication.body.id}/`, { token: adminToken })).status).toBe(204);
    expect((await server.request('DELETE', `/api/sections/${section.body.id}/`, { token: adminToken })).status).toBe(204);
    const trash = (await server.request('GET', '/api/trash/', { token: editorToken })).body;
    const entries = (Array.isArray(trash) ? trash : trash.results) as { id: number; kind: string; item_id: number }[];
    const ofSection = entries.find((entry) => entry.kind === 'section' && entry.item_id === section.body.id)!;
    const ofPublication = entries.find((entry) => entry.kind === 'publication' && entry.item_id === publication.body.id)!;
    expect(await server.request('POST', `/api/trash/${ofSection.id}/restore/`, { token: editorToken, json: {} })).toMatchObject({
      status: 403,
      body: forbidden,
    });
    expect(await server.request('DELETE', `/api/trash/${ofPublication.id}/`, { token: editorToken })).toMatchObject({
      status: 403,
      body: forbidden,
    });
    expect((await server.request('POST', `/api/trash/${ofSection.id}/restore/`, { token: adminToken, json: {} })).status).toBe(200);
    expect((await server.request('POST', `/api/trash/${ofPublication.id}/restore/`, { token: editorToken, json: {} })).status).toBe(200);
  });

  it('reads content entries of Actividad only, with no address, and no locked usernames on the landing', async () => {
    await server.request('POST', '/api/token/', { json: { username: TEST_ADMIN.username, password: 'no-es-la-clave' } });
    const mine = (await server.request('GET', '/api/activity/?page_size=1000', { token: editorToken })).body.results as {
      action: string;
      ip: string | null;
    }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.filter((entry) =>
        ['create', 'update', 'delete', 'restore', 'revision_restore', 'purge', 'reorder', 'upload'].includes(entry.action),
      ),
    ).toEqual(mine);
    expect(mine.every((entry) => entry.ip === null)).toBe(true);
    const all = (await server.request('GET', '/api/activity/?page_size=1000', { token: adminToken })).body.results as { action: string }[];
    expect(all.some((entry) => entry.action === 'sign_in_failed')).toBe(true);
    expect(all.some((entry) => entry.action === 'account_create')).toBe(true);
    const summary = await server.request('GET', '/api/summary/', { token: editorToken });
    expect(summary.status).toBe(200);
    expect(summary.body.locked_usernames).toEqual([]);

    // The filter's list of people: for an Editor, those its content entries name; not someone who only signed in.
    await insertActivity(server.services.db, {
      at: new Date().toISOString(),
      user: { id: 999, username: 'solo.entra' },
      action: 'sign_in',
      ip: '198.51.100.7',
    });
    expect((await server.request('GET', '/api/activity/people/', { token: adminToken })).body).toContain('solo.entra');
    const named = (await server.request('GET', '/api/activity/people/', { token: editorToken })).body as string[];
    expect(named).not.toContain('solo.entra');
    const visible = (await server.request('GET', '/api/activity/?page_size=1000', { token: editorToken })).body.results as {
      user: string | null;
    }[];
    expect(named).toEqual([...new Set(visible.flatMap((entry) => (entry.user ? [entry.user] : [])))].sort());
  });

  it('takes a role change on the next request', async () => {
    const users = (await server.request('GET', '/api/users/', { token: adminToken })).body as { id: number; username: string }[];
    const editor = users.find((user) => user.username === EDITOR.username)!;
    expect((await server.request('PATCH', `/api/users/${editor.id}/`, { token: adminToken, json: { role: 'admin' } })).status).toBe(200);
    expect((await server.request('GET', '/api/users/', { token: editorToken })).status).toBe(200);
    expect((await server.request('PATCH', `/api/users/${editor.id}/`, { token: adminToken, json: { role: 'editor' } })).status).toBe(200);
    expect(await server.request('GET', '/api/users/', { token: editorToken })).toMatchObject({ status: 403, body: forbidden });
  });
});
