import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withApiTestServer } from '../../../../test/helpers/with-api-test-server';
import { publicationFixture, sectionFixture } from '../../../../test/helpers/admin-fixtures';
import type { TestReply } from '../../../../test/helpers/http-test-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationFormPage } from './publication-form-page';

const apiServer = withApiTestServer();

const routes = [
  { path: '/admin/publications', element: <h1>Lista de publicaciones</h1> },
  { path: '/admin/publications/new', element: <PublicationFormPage /> },
  { path: '/admin/publications/edit/:id', element: <PublicationFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const SECTIONS = { body: [sectionFixture(1, { title: 'Noticias' }), sectionFixture(2, { title: 'Eventos' })] };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The API: sections and the publication being edited answer; every write gets `write`. */
function serve(write: () => TestReply, { sections = SECTIONS, stored = publicationFixture(5, { title: 'Jornada', version: 2 }) } = {}) {
  apiServer().setHandler((request) => {
    if (request.method !== 'GET') return write();
    if (request.url.startsWith('/api/sections/')) return sections;
    return { body: stored };
  });
}

const open = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: signedInSession() } });
const writes = () => apiServer().requests.filter((r) => r.method !== 'GET');
// jsdom's FormData does not cross Node's fetch (test/helpers/jsdom-with-fetch-environment.ts):
// the bodies the form built are read where they are built. The wire format is base-query-multipart.test.ts's.
let appended: jest.SpyInstance;
beforeEach(() => {
  appended = jest.spyOn(FormData.prototype, 'append');
  // jsdom has no object URLs; the preview only needs an address.
  URL.createObjectURL = jest.fn(() => 'blob:vista-previa');
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => appended.mockRestore());
/** The multipart bodies sent so far, in order. */
const sentForms = () => [...new Set(appended.mock.contexts as FormData[])];
const title = () => screen.getByRole('textbox', { name: /^Título/ });
const imageInput = () => screen.getByLabelText(/^Imagen destacada/);

async function fillNew(user: ReturnType<typeof open>['user']) {
  await user.type(title(), 'Jornada de puertas abiertas');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Sección/ }), await screen.findByRole('option', { name: 'Eventos' }));
  fireEvent.change(screen.getByLabelText(/^Fecha de publicación/), { target: { value: '2026-03-05' } });
  await user.upload(imageInput(), new File([PNG], 'portada.png', { type: 'image/png' }));
  expect(await screen.findByRole('img', { name: 'Vista previa de la imagen destacada' })).toBeVisible();
}

test('an empty new publication: each required field says so, the form reminds of them all, and nothing is sent', async () => {
  serve(() => ({ status: 500 }));
  const { user } = open('/admin/publications/new');
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(messages.completeRequiredFields);
  expect(title()).toHaveAccessibleDescription(messages.required);
  expect(screen.getByRole('combobox', { name: /^Sección/ })).toHaveAccessibleDescription(messages.required);
  expect(screen.getByLabelText(/^Fecha de publicación/)).toHaveAccessibleDescription(messages.publishDateRequired);
  expect(screen.getByText(messages.featuredImageRequired)).toBeVisible();
  expect(writes()).toHaveLength(0);
});

test('a new publication is a draft, not featured, and any status may be picked', async () => {
  serve(() => ({ status: 500 }));
  const { user } = open('/admin/publications/new');
  const status = screen.getByRole('combobox', { name: 'Estado' });
  expect(status).toHaveValue('draft');
  expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Borrador', 'Publicado', 'Archivado']);
  expect(screen.getByRole('checkbox', { name: 'Destacado' })).not.toBeChecked();
  await user.selectOptions(status, 'archived');
  expect(status).toHaveValue('archived');
});

test('an image is judged by its content: a text file named .png is refused', async () => {
  serve(() => ({ status: 500 }));
  const { user } = open('/admin/publications/new');
  await user.upload(imageInput(), new File(['no soy una imagen'], 'falsa.png', { type: 'image/png' }));
  expect(await screen.findByText(messages.imageTypeNotAllowed)).toBeVisible();
  expect(screen.queryByRole('img', { name: 'Vista previa de la imagen destacada' })).not.toBeInTheDocument();
});

test('an image over 5 MB is refused', async () => {
  serve(() => ({ status: 500 }));
  const { user } = open('/admin/publications/new');
  const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'grande.png', { type: 'image/png' });
  await user.upload(imageInput(), big);
  expect(await screen.findByText(messages.imageTooLarge)).toBeVisible();
});

test('saving shows Guardando... on a disabled button, sends multipart with the layout as JSON, and goes back to the list', async () => {
  serve(() => ({ status: 201, body: publicationFixture(9, { title: 'Jornada de puertas abiertas' }), delay: 150 }));
  const { user, router } = open('/admin/publications/new');
  await fillNew(user);
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));

  expect(await screen.findByRole('button', { name: messages.saving })).toBeDisabled();
  expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/admin/publications');
  const [post] = writes();
  expect(post.method).toBe('POST');
  expect(post.url).toBe('/api/publications/');
  const [form] = sentForms();
  expect(form.get('title')).toBe('Jornada de puertas abiertas');
  expect(form.get('section_id')).toBe('2');
  expect(form.get('status')).toBe('draft');
  expect(form.get('is_featured')).toBe('false');
  expect(form.get('publish_date')).toBe('2026-03-05');
  expect(form.get('layout')).toBe('[]');
  expect((form.get('featured_image') as File).name).toBe('portada.png');
});

test('server field errors show by their fields, and those of other fields as "field: message" lines', async () => {
  serve(() => ({ status: 400, body: { title: ['Ya existe una publicación con este título.'], layout: ['Demasiadas filas.'] } }));
  const { user } = open('/admin/publications/new');
  await fillNew(user);
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(messages.savePublicationFailed);
  expect(within(alert).getByText('layout: Demasiadas filas.')).toBeVisible();
  expect(title()).toHaveAccessibleDescription('Ya existe una publicación con este título.');
  expect(title()).toHaveValue('Jornada de puertas abiertas');
});

test("a plain string from the server is shown as it is; otherwise only 'Error al guardar la publicación.'", async () => {
  let reply: TestReply = { status: 500, body: 'El servidor está en mantenimiento.' };
  serve(() => reply);
  const { user } = open('/admin/publications/new');
  await fillNew(user);
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));
  expect(await screen.findByText('El servidor está en mantenimiento.')).toBeVisible();

  reply = { status: 500, body: {} };
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));
  await waitFor(() => expect(screen.queryByText('El servidor está en mantenimiento.')).not.toBeInTheDocument());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(messages.savePublicationFailed);
  expect(within(alert).queryAllByRole('listitem')).toHaveLength(0);
});

test("sections that cannot be loaded: 'Error al cargar las secciones'", async () => {
  serve(() => ({ status: 500 }), { sections: { status: 500, body: {} } as unknown as typeof SECTIONS });
  open('/admin/publications/new');
  expect(await screen.findByText(messages.loadSectionsFailed)).toBeVisible();
});

test('editing: the image is no longer required, the version goes back, and a 409 keeps the typing and offers both ways', async () => {
  const current = publicationFixture(5, { title: 'Jornada (revisada por otra persona)', version: 3 });
  let reply: TestReply = { status: 409, body: { detail: 'Otra persona guardó esta publicación mientras usted la editaba.', current } };
  serve(() => reply);
  const { user } = open('/admin/publications/edit/5');
  expect(await screen.findByDisplayValue('Jornada')).toBe(title());
  await user.clear(title());
  await user.type(title(), 'Jornada con mis cambios');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

  expect(await screen.findByText('Otra persona guardó esta publicación mientras usted la editaba.')).toBeVisible();
  expect(title()).toHaveValue('Jornada con mis cambios');
  const [first] = writes();
  expect(first.method).toBe('PATCH');
  expect(first.url).toBe('/api/publications/5/');
  expect(sentForms()[0].get('version')).toBe('2');
  expect(sentForms()[0].has('featured_image')).toBe(false);

  reply = { status: 200, body: { ...current, title: 'Jornada con mis cambios', version: 4 } };
  await user.click(screen.getByRole('button', { name: 'Guardar mis cambios igualmente' }));
  expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  expect(writes()).toHaveLength(2);
  expect(sentForms()[1].get('version')).toBe('3');
  expect(sentForms()[1].get('title')).toBe('Jornada con mis cambios');
});

test('after a 409, loading the saved version puts it in the form', async () => {
  const current = publicationFixture(5, { title: 'Jornada (revisada por otra persona)', version: 3 });
  serve(() => ({ status: 409, body: { detail: 'Otra persona guardó antes.', current } }));
  const { user } = open('/admin/publications/edit/5');
  await screen.findByDisplayValue('Jornada');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await user.click(await screen.findByRole('button', { name: 'Cargar la versión guardada' }));
  expect(title()).toHaveValue('Jornada (revisada por otra persona)');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test("a missing publication: 'No se encontró la publicación'", async () => {
  apiServer().setHandler(() => ({ status: 404, body: { detail: messages.publicationNotFound } }));
  open('/admin/publications/edit/77');
  expect(await screen.findByText(messages.publicationNotFound)).toBeVisible();
});

test('publishing images without alternative text is said before saving, and only when publishing', async () => {
  const layout = [
    {
      id: 'fila-1',
      cells: [
        { id: 'c1', type: 'image' as const, content: '/media/aula.webp', columnSpan: 2 },
        { id: 'c2', type: 'image' as const, content: '/media/patio.webp', columnSpan: 2, alt: 'El patio del colegio' },
      ],
    },
  ];
  serve(() => ({ status: 500, body: {} }), { stored: publicationFixture(5, { status: 'draft', layout }) });
  const { user } = open('/admin/publications/edit/5');
  const status = await screen.findByRole('combobox', { name: /^Estado/ });
  const warning = /Una imagen del diseño no tiene texto alternativo/;
  expect(screen.queryByText(warning)).not.toBeInTheDocument();
  await user.selectOptions(status, 'published');
  expect(await screen.findByText(warning)).toBeVisible();
  await user.selectOptions(status, 'archived');
  expect(screen.queryByText(warning)).not.toBeInTheDocument();
});

test('editing, with the sections arriving after the publication: its section is selected and sent', async () => {
  apiServer().setHandler((request) => {
    if (request.method !== 'GET') return { body: publicationFixture(5, { section_id: 2, version: 3 }) };
    if (request.url.startsWith('/api/sections/')) return { ...SECTIONS, delay: 300 };
    return { body: publicationFixture(5, { title: 'Jornada', section: { id: 2, title: 'Eventos', slug: 'eventos' }, section_id: 2, version: 2 }) };
  });
  const { user } = open('/admin/publications/edit/5');
  await screen.findByDisplayValue('Jornada');
  const section = screen.getByRole('combobox', { name: /^Sección/ });
  await waitFor(() => expect(section).toHaveDisplayValue('Eventos'));
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  expect(sentForms()[0].get('section_id')).toBe('2');
});
