import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@/domain/messages';
import type { Section } from '@/domain/entities';
import { renderRoutes, signedInSession } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../../test/helpers/with-fault-injecting-server';
import { publicationFixture, sectionFixture } from '../../../../test/helpers/admin-fixtures';
import type { TestReply } from '../../../../test/helpers/fault-injecting-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationFormPage } from './publication-form-page';

const routes = [
  { path: '/admin/publications', element: <h1>Lista de publicaciones</h1> },
  { path: '/admin/publications/new', element: <PublicationFormPage /> },
  { path: '/admin/publications/edit/:id', element: <PublicationFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const SECTIONS = { body: [sectionFixture(1, { title: 'Noticias' }), sectionFixture(2, { title: 'Eventos' })] };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const api = withRealApi();
/** The file's sections on the real server: the form offers them all. */
let noticias: Section;
let eventos: Section;
/** A real PNG, which the server's image check accepts. */
let png: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  noticias = await api.create('sections', { title: 'Noticias' });
  eventos = await api.create('sections', { title: 'Eventos' });
  png = await api.image('png');
});
/** A publication made through the API (its multipart body is not one the form sent). */
const seeded = async (fields: Record<string, unknown>) => {
  const publication = await api.create('publications', { section_id: noticias.id, title: api.unique('Jornada'), ...fields });
  appended.mockClear();
  return publication;
};

const stored = async (id: number) => (await api.request('GET', `/api/publications/${id}/`)).body;
/** Another administrator's save, straight to the server. */
const savedElsewhere = async (id: number, fields: Record<string, unknown>) => {
  const reply = await api.request('PATCH', `/api/publications/${id}/`, { json: fields });
  expect(reply.status).toBe(200);
  return reply.body;
};

const open = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: api.session() } });
// The form's presence heartbeats (kit/use-presence.ts) are no saves.
const writes = async () => (await api.requests()).filter((r) => r.method !== 'GET' && !r.url.includes('/presence/'));
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
  await user.upload(imageInput(), new File([png], 'portada.png', { type: 'image/png' }));
  expect(await screen.findByRole('img', { name: 'Vista previa de la imagen destacada' })).toBeVisible();
}

test('an empty new publication: each required field says so, the form reminds of them all, and nothing is sent', async () => {
  const { user } = open('/admin/publications/new');
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(messages.completeRequiredFields);
  expect(title()).toHaveAccessibleDescription(messages.required);
  expect(screen.getByRole('combobox', { name: /^Sección/ })).toHaveAccessibleDescription(messages.required);
  expect(screen.getByLabelText(/^Fecha de publicación/)).toHaveAccessibleDescription(messages.publishDateRequired);
  expect(screen.getByText(messages.featuredImageRequired)).toBeVisible();
  expect(await writes()).toHaveLength(0);
});

test('a new publication is a draft, not featured, and any status may be picked', async () => {
  const { user } = open('/admin/publications/new');
  const status = screen.getByRole('combobox', { name: 'Estado' });
  expect(status).toHaveValue('draft');
  expect(
    within(status)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Borrador', 'Publicado', 'Archivado']);
  expect(screen.getByRole('checkbox', { name: 'Destacado' })).not.toBeChecked();
  await user.selectOptions(status, 'archived');
  expect(status).toHaveValue('archived');
});

test('an image is judged by its content: a text file named .png is refused', async () => {
  const { user } = open('/admin/publications/new');
  await user.upload(imageInput(), new File(['no soy una imagen'], 'falsa.png', { type: 'image/png' }));
  expect(await screen.findByText(messages.imageTypeNotAllowed)).toBeVisible();
  expect(screen.queryByRole('img', { name: 'Vista previa de la imagen destacada' })).not.toBeInTheDocument();
});

test('an image over 5 MB is refused', async () => {
  const { user } = open('/admin/publications/new');
  const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'grande.png', { type: 'image/png' });
  await user.upload(imageInput(), big);
  expect(await screen.findByText(messages.imageTooLarge)).toBeVisible();
});

test('saving sends multipart with the layout as JSON; the server stores the publication with its image, and the list follows', async () => {
  const { user, router } = open('/admin/publications/new');
  await fillNew(user);
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));

  expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/admin/publications');
  const [post] = await writes();
  expect(post).toMatchObject({ method: 'POST', url: '/api/publications/', status: 201 });
  const [form] = sentForms();
  expect(form.get('section_id')).toBe(String(eventos.id));
  expect(form.get('layout')).toBe('[]');
  expect((form.get('featured_image') as File).name).toBe('portada.png');
  const { results } = (await api.request('GET', '/api/publications/?page_size=100')).body;
  const saved = results.find((p: { title: string }) => p.title === 'Jornada de puertas abiertas');
  expect(saved).toMatchObject({ section_id: eventos.id, status: 'draft', is_featured: false, publish_date: '2026-03-05', layout: [] });
  expect(
    (await fetch(saved.featured_image.startsWith('http') ? saved.featured_image : `${api.origin}${saved.featured_image}`)).status,
  ).toBe(200);
});

test('a layout with a cell whose type is not chosen is not sent: the error box and the cell say which, and choosing it lets the save through', async () => {
  const publication = await seeded({});
  const { user } = open(`/admin/publications/edit/${publication.id}`);
  await screen.findByDisplayValue(publication.title);
  await user.click(screen.getByRole('button', { name: 'Añadir fila' }));
  await user.click(screen.getByRole('button', { name: 'Dos mitades' }));
  const row = screen.getByRole('region', { name: 'Fila 1' });
  await user.click(within(within(row).getByRole('group', { name: 'Celda 1 de la fila 1' })).getByRole('button', { name: 'Vídeo' }));
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Revise los campos marcados.');
  const link = within(alert).getByRole('link', { name: 'Elija el tipo de la celda 2 de la fila 1' });
  const untyped = within(row).getByRole('group', { name: 'Celda 2 de la fila 1' });
  expect(untyped).toHaveAccessibleDescription('Elija el tipo de la celda 2 de la fila 1');
  await user.click(link);
  expect(untyped).toHaveFocus();
  expect(await writes()).toEqual([]);

  await user.click(within(untyped).getByRole('button', { name: 'Texto' }));
  expect(untyped).not.toHaveAccessibleDescription(expect.stringContaining('Elija el tipo'));
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await waitFor(async () =>
    expect((await stored(publication.id)).layout[0].cells.map((c: { type: string }) => c.type)).toEqual(['video', 'text']),
  );
});

test('editing: the image is no longer required, the version goes back, and a 409 keeps the typing and offers both ways', async () => {
  const publication = await seeded({});
  const { user } = open(`/admin/publications/edit/${publication.id}`);
  expect(await screen.findByDisplayValue(publication.title)).toBe(title());
  const current = await savedElsewhere(publication.id, { title: 'Jornada (revisada por otra persona)' });
  await user.clear(title());
  await user.type(title(), 'Jornada con mis cambios');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

  // Another person's save, or (the same account, as here) the administrator's own in another tab.
  expect(await screen.findByRole('alert')).toHaveTextContent(/guardó .*mientras/);
  expect(title()).toHaveValue('Jornada con mis cambios');
  const [first] = await writes();
  expect(first).toMatchObject({ method: 'PATCH', url: `/api/publications/${publication.id}/`, status: 409 });
  expect(sentForms()[0].get('version')).toBe(String(publication.version));
  expect(sentForms()[0].has('featured_image')).toBe(false);

  await user.click(screen.getByRole('button', { name: 'Guardar mis cambios igualmente' }));
  expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  expect((await writes()).map((r) => r.status)).toEqual([409, 200]);
  expect(sentForms()[1].get('version')).toBe(String(current.version));
  expect(await stored(publication.id)).toMatchObject({
    title: 'Jornada con mis cambios',
    featured_image: publication.featured_image,
    version: current.version + 1,
  });
});

test('after a 409, loading the saved version puts it in the form', async () => {
  const publication = await seeded({});
  const { user } = open(`/admin/publications/edit/${publication.id}`);
  await screen.findByDisplayValue(publication.title);
  await savedElsewhere(publication.id, { title: 'Jornada (revisada por otra persona)' });
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await user.click(await screen.findByRole('button', { name: 'Cargar la versión guardada' }));
  expect(title()).toHaveValue('Jornada (revisada por otra persona)');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test("a missing publication: 'No se encontró la publicación'", async () => {
  open('/admin/publications/edit/7777');
  expect(await screen.findByText(messages.publicationNotFound)).toBeVisible();
});

test('publishing images without alternative text is said before saving, and only when publishing', async () => {
  const upload = async () => {
    const form = new FormData();
    form.append('image', new File([png], 'aula.png', { type: 'image/png' }));
    return (await api.request('POST', '/api/upload-image/', { form })).body.url as string;
  };
  const layout = [
    {
      id: 'fila-1',
      cells: [
        { id: 'c1', type: 'image' as const, content: await upload(), columnSpan: 2 },
        { id: 'c2', type: 'image' as const, content: await upload(), columnSpan: 2, alt: 'El patio del colegio' },
      ],
    },
  ];
  const publication = await seeded({ status: 'draft', layout });
  const { user } = open(`/admin/publications/edit/${publication.id}`);
  const status = await screen.findByRole('combobox', { name: /^Estado/ });
  const warning = /Una imagen del diseño no tiene texto alternativo/;
  expect(screen.queryByText(warning)).not.toBeInTheDocument();
  await user.selectOptions(status, 'published');
  expect(await screen.findByText(warning)).toBeVisible();
  await user.selectOptions(status, 'archived');
  expect(screen.queryByText(warning)).not.toBeInTheDocument();
});

describe('answers the real server cannot be made to give', () => {
  const apiServer = withFaultInjectingServer();
  /** The API: sections and the publication being edited answer; every write gets `write`. */
  function serve(write: () => TestReply, { sections = SECTIONS, stored = publicationFixture(5, { title: 'Jornada', version: 2 }) } = {}) {
    apiServer().setHandler((request) => {
      if (request.method !== 'GET') return write();
      if (request.url.startsWith('/api/sections/')) return sections;
      return { body: stored };
    });
  }
  const openHere = (path: string) => renderRoutes(routes, { initialEntries: [path], preloadedState: { session: signedInSession() } });

  test('saving shows Guardando... on a disabled button', async () => {
    serve(() => ({ status: 201, body: publicationFixture(9, { title: 'Jornada de puertas abiertas' }), delay: 150 }));
    const { user } = openHere('/admin/publications/new');
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Crear publicación' }));
    expect(await screen.findByRole('button', { name: messages.saving })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  });

  // Errors the form's own checks (the domain rules the server shares) do not let through.
  test('server field errors show by their fields, the layout\'s as links to it, and those of other fields as "field: message" lines', async () => {
    serve(() => ({
      status: 400,
      body: { title: ['Ya existe una publicación con este título.'], layout: ['Demasiadas filas.'], slug: ['Ya existe.'] },
    }));
    const { user } = openHere('/admin/publications/new');
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Crear publicación' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.savePublicationFailed);
    expect(within(alert).getByRole('link', { name: 'Demasiadas filas.' })).toHaveAttribute('href', '#layout-editor');
    expect(within(alert).getByText('slug: Ya existe.')).toBeVisible();
    expect(title()).toHaveAccessibleDescription('Ya existe una publicación con este título.');
    expect(title()).toHaveValue('Jornada de puertas abiertas');
  });

  test("a plain string from the server is shown as it is; otherwise only 'Error al guardar la publicación.'", async () => {
    let reply: TestReply = { status: 500, body: 'El servidor está en mantenimiento.' };
    serve(() => reply);
    const { user } = openHere('/admin/publications/new');
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
    openHere('/admin/publications/new');
    expect(await screen.findByText(messages.loadSectionsFailed)).toBeVisible();
  });

  // The order in which the two answers arrive.
  test('editing, with the sections arriving after the publication: its section is selected and sent', async () => {
    apiServer().setHandler((request) => {
      if (request.method !== 'GET') return { body: publicationFixture(5, { section_id: 2, version: 3 }) };
      if (request.url.startsWith('/api/sections/')) return { ...SECTIONS, delay: 300 };
      return {
        body: publicationFixture(5, { title: 'Jornada', section: { id: 2, title: 'Eventos', slug: 'eventos' }, section_id: 2, version: 2 }),
      };
    });
    const { user } = openHere('/admin/publications/edit/5');
    await screen.findByDisplayValue('Jornada');
    const section = screen.getByRole('combobox', { name: /^Sección/ });
    await waitFor(() => expect(section).toHaveDisplayValue('Eventos'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
    expect(sentForms()[0].get('section_id')).toBe('2');
  });
});
