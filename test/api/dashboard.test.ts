import { todayIso } from '@/server/clock';
import { formData, startSignedIn, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { daysFromToday } from '../helpers/site-days';

/**
 * GET /api/dashboard/: the admin landing's panels of work in one answer, as
 * the account's role may see them.
 */

const PASSWORD = 'una frase larga de prueba 2026';

let server: TestServer;
let token: string;
let jpeg: Buffer;
let visible: number;
let hidden: number;

beforeAll(async () => {
  ({ server, token, jpeg } = await startSignedIn());
  visible = (await server.request('POST', '/api/sections/', { token, json: { title: 'Noticias' } })).body.id;
  hidden = (await server.request('POST', '/api/sections/', { token, json: { title: 'Borradores internos', is_active: false } })).body.id;
}, 60_000);
afterAll(async () => server.close());

/** An Editor made as the panel makes one: an invitation, accepted with a password. */
async function editorToken(username: string): Promise<string> {
  const made = await server.request('POST', '/api/users/', { token, json: { username, name: 'Editora', role: 'editor' } });
  expect(made.status).toBe(201);
  const url = made.body.invitation.url as string;
  const accepted = await server.request('POST', '/api/invitations/accept/', {
    json: { token: url.slice(url.indexOf('#') + 1), password: PASSWORD },
  });
  expect(accepted.status).toBe(200);
  return accepted.body.access as string;
}

async function publication(bearer: string, title: string, fields: Record<string, string>, layout?: unknown) {
  const reply = await server.request('POST', '/api/publications/', {
    token: bearer,
    form: formData(
      { title, section_id: String(visible), ...fields, ...(layout !== undefined && { layout: JSON.stringify(layout) }) },
      { featured_image: { bytes: jpeg } },
    ),
  });
  expect([reply.status, reply.body]).toEqual([201, expect.objectContaining({ title })]);
  return reply.body as { id: number; version: number };
}

const imageCell = (id: string, alt?: string) => ({ id, type: 'image', content: '/media/foto.jpg', ...(alt !== undefined && { alt }) });
const titlesOf = (items: { title: string }[]) => items.map((item) => item.title);

it('answers every panel from one request, each item with its shown status', async () => {
  expect((await server.request('GET', '/api/dashboard/')).status).toBe(401);

  const draftA = await publication(token, 'Borrador A', { status: 'draft', publish_date: daysFromToday(7) });
  await publication(token, 'Borrador B', { status: 'draft', publish_date: daysFromToday(7) });
  // Edited last: it leads 'Mis borradores'.
  const edited = await server.request('PATCH', `/api/publications/${draftA.id}/`, {
    token,
    json: { title: 'Borrador A revisado', version: draftA.version },
  });
  expect(edited.status).toBe(200);
  for (const days of [5, 1, 3])
    await publication(token, `Programada en ${days}`, { status: 'published', publish_date: daysFromToday(days) });
  await publication(token, 'Publicada hace 10', { status: 'published', publish_date: daysFromToday(-10) });
  await publication(token, 'Publicada ayer', { status: 'published', publish_date: daysFromToday(-1) }, [
    { id: 'r1', cells: [imageCell('c1'), imageCell('c2', 'Aula'), imageCell('c3', ' ')] },
  ]);
  await publication(token, 'Archivada con imagen', { status: 'archived', publish_date: daysFromToday(-3) }, [
    { id: 'r1', cells: [imageCell('c1')] },
  ]);
  const undated = await publication(token, 'Publicada sin fecha', { status: 'published', publish_date: daysFromToday(-2) });
  await server.services.db.updateTable('publications').set({ publish_date: null }).where('id', '=', undated.id).execute();
  await publication(token, 'En sección oculta', { section_id: String(hidden), status: 'published', publish_date: daysFromToday(-1) });

  const reply = await server.request('GET', '/api/dashboard/', { token });
  expect(reply.status).toBe(200);
  const dashboard = reply.body;
  expect(dashboard.today).toBe(todayIso());
  expect(titlesOf(dashboard.my_drafts)).toEqual(['Borrador A revisado', 'Borrador B']);
  expect(dashboard.my_drafts[0].public_state).toMatchObject({ status: 'draft' });
  expect(titlesOf(dashboard.scheduled)).toEqual(['Programada en 1', 'Programada en 3', 'Programada en 5']);
  expect(dashboard.scheduled[0].public_state).toMatchObject({ status: 'scheduled', scheduled_for: daysFromToday(1) });
  // What the public sees today, newest date first: not the hidden section's.
  expect(titlesOf(dashboard.recently_published)).toEqual(['Publicada ayer', 'Publicada hace 10']);
  expect(dashboard.publications).toEqual({ total: 10, published: 2 });

  // Only published ones with images lacking alternative text ('Aula' has it; ' ' is none).
  expect(dashboard.review.images_without_alt.count).toBe(1);
  expect(titlesOf(dashboard.review.images_without_alt.items)).toEqual(['Publicada ayer']);
  expect(dashboard.review.undated.count).toBe(1);
  expect(dashboard.review.undated.items[0].public_state).toMatchObject({ status: 'published', undated: true, is_public: false });
  expect(dashboard.review.hidden_sections).toEqual([{ id: hidden, title: 'Borradores internos', publication_count: 1 }]);

  // Giving the image its text takes it off the list.
  const withAlt = await server.request('GET', '/api/publications/?omit=layout&search=ayer', { token });
  const target = withAlt.body.results[0] as { id: number; version: number };
  const fixed = await server.request('PATCH', `/api/publications/${target.id}/`, {
    token,
    json: { version: target.version, layout: [{ id: 'r1', cells: [imageCell('c1', 'Patio'), imageCell('c2', 'Aula')] }] },
  });
  expect(fixed.status).toBe(200);
  expect((await server.request('GET', '/api/dashboard/', { token })).body.review.images_without_alt.count).toBe(0);
}, 120_000);

it('shows an Editor their own drafts, and recent activity without sign-ins, addresses or locked usernames', async () => {
  const editor = await editorToken('editora-resumen');
  await publication(editor, 'Borrador de la editora', { status: 'draft', publish_date: daysFromToday(7) });
  // A failed sign-in (an address in the log) and the admin's own sign-in are an Administrador's to see.
  await server.request('POST', '/api/token/', { json: { username: TEST_ADMIN.username, password: 'equivocada' } });

  const mine = (await server.request('GET', '/api/dashboard/', { token: editor })).body;
  expect(titlesOf(mine.my_drafts)).toEqual(['Borrador de la editora']);
  expect(mine.locked_usernames).toEqual([]);
  expect(mine.activity.length).toBeGreaterThan(0);
  expect(mine.activity.length).toBeLessThanOrEqual(10);
  for (const entry of mine.activity) {
    expect(entry.action).not.toMatch(/^sign_/);
    expect(entry.ip).toBeNull();
  }
  // Newest first: the draft's featured image, which went into the library just after the draft was saved, then the draft.
  expect(mine.activity.slice(0, 2)).toEqual([
    expect.objectContaining({ action: 'create', target_kind: 'media', user: 'editora-resumen' }),
    expect.objectContaining({ action: 'create', target_label: 'Borrador de la editora', user: 'editora-resumen' }),
  ]);

  const admins = (await server.request('GET', '/api/dashboard/', { token })).body;
  expect(admins.activity.map((entry: { action: string }) => entry.action)).toContain('sign_in_failed');
  expect(titlesOf(admins.my_drafts)).not.toContain('Borrador de la editora');
}, 120_000);
