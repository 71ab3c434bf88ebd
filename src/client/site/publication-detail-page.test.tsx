import { screen, within } from '@testing-library/react';
import type { Publication } from '@/domain/entities';
import { renderSite } from '../../../test/helpers/render-site';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';

const api = withRealApi();

/** 'Premio al mejor TFM', published in Noticias with a featured image, a text cell and a video cell. */
let premio: Publication;
let revista: { id: number };
beforeAll(async () => {
  const noticias = await api.create('sections', { title: 'Noticias' });
  revista = await api.create('sections', { title: 'Revista' });
  premio = await api.create('publications', {
    title: 'Premio al mejor TFM',
    section_id: noticias.id,
    is_featured: true,
    publish_date: '2026-10-05',
    layout: [
      {
        id: 'r1',
        cells: [
          { id: 'c1', type: 'text', content: '<p>El trabajo <em>premiado</em> estudia el acoso escolar.</p>', columnSpan: 2 },
          { id: 'c2', type: 'video', content: 'https://youtu.be/abc123', columnSpan: 2 },
        ],
      },
    ],
  });
});

test('shows breadcrumb, banner, date, title and layout', async () => {
  await renderSite(`/noticias/${premio.id}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Premio al mejor TFM' })).toBeInTheDocument();
  const crumbs = screen.getByRole('navigation', { name: 'Ruta de navegación' });
  expect(within(crumbs).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
  expect(within(crumbs).getByRole('link', { name: 'Noticias' })).toHaveAttribute('href', '/noticias');
  expect(crumbs.querySelector('[aria-current="page"]')).toHaveTextContent('Premio al mejor TFM');
  expect(screen.getByText('5 de octubre de 2026')).toBeInTheDocument();
  expect(screen.getByText('premiado').tagName).toBe('EM');
  expect(screen.getByTitle('Vídeo')).toHaveAttribute('src', 'https://www.youtube.com/embed/abc123');
  expect(document.querySelector('.detail__banner img')).toHaveAttribute('src', premio.featured_image);
  expect(document.title).toContain('Premio al mejor TFM');
  expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'El trabajo premiado estudia el acoso escolar.');
  const [request] = await api.requests();
  expect(request).toMatchObject({ url: `/api/public/publication/${premio.id}/`, status: 200 });
  expect(request.headers.authorization).toBeUndefined();
});

test.each([
  ['missing', async () => 999_999],
  ['draft', async () => (await api.create('publications', { section_id: revista.id, status: 'draft' })).id],
])("a %s publication: 'No se encontró la publicación'", async (_, id) => {
  await renderSite(`/noticias/${await id()}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'No se encontró la publicación' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Ver todas las publicaciones de Noticias/ })).toHaveAttribute('href', '/noticias');
});

test('an id that is not a number is not found, without asking the server', async () => {
  await renderSite('/revista/abc');
  expect(await screen.findByRole('heading', { level: 1, name: 'No se encontró la publicación' })).toBeInTheDocument();
  expect((await api.requests()).filter((r) => r.url.startsWith('/api/public/publication/'))).toHaveLength(0);
});

test("a publication reached under another section's address moves to its own", async () => {
  const { router } = await renderSite(`/revista/${premio.id}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Premio al mejor TFM' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`/noticias/${premio.id}`);
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();

  test("another failure shows the server's message when it sent one", async () => {
    server().setHandler(() => ({ status: 503, body: { detail: 'Servicio en mantenimiento' } }));
    await renderSite('/noticias/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Servicio en mantenimiento' })).toBeInTheDocument();
  });

  test("another failure without a message: 'Error al cargar la publicación'", async () => {
    server().setHandler(() => ({ status: 500, body: {} }));
    await renderSite('/noticias/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error al cargar la publicación' })).toBeInTheDocument();
  });
});

describe("a publication's event", () => {
  const eventBox = () => screen.getByRole('region', { name: 'Evento' });
  /** The box's terms and what each says. */
  const facts = () =>
    Array.from(eventBox().querySelectorAll('dl > div'), (pair) => [
      pair.querySelector('dt')?.textContent,
      pair.querySelector('dd')?.textContent,
    ]);

  test("to come: when, where, the online link, 'Inscribirse' and 'Añadir al calendario' under the title", async () => {
    const congreso = await api.create('publications', {
      title: 'Congreso de convivencia',
      section_id: revista.id,
      event: {
        start: '2099-05-20T10:00',
        end: '2099-05-20T13:30',
        location: 'Facultad de Educación, Aula Magna',
        online_url: 'https://directo.example.org/congreso',
        registration_url: 'https://inscripciones.example.org/congreso',
      },
    });
    await renderSite(`/revista/${congreso.id}`);
    const title = await screen.findByRole('heading', { level: 1, name: 'Congreso de convivencia' });
    expect(within(eventBox()).getByRole('heading', { level: 2, name: 'Evento' })).toBeInTheDocument();
    expect(title.compareDocumentPosition(eventBox()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(facts()).toEqual([
      ['Cuándo', 'miércoles, 20 de mayo de 2099, 10:00 a 13:30'],
      ['Dónde', 'Facultad de Educación, Aula Magna Seguir en línea (se abre en una pestaña nueva)'],
    ]);
    const online = within(eventBox()).getByRole('link', { name: 'Seguir en línea (se abre en una pestaña nueva)' });
    expect(online).toHaveAttribute('href', 'https://directo.example.org/congreso');
    const register = within(eventBox()).getByRole('link', { name: 'Inscribirse (se abre en una pestaña nueva)' });
    expect(register).toHaveAttribute('href', 'https://inscripciones.example.org/congreso');
    expect(register).toHaveAttribute('rel', 'noopener');
    expect(register).toHaveAttribute('target', '_blank');
    const calendar = within(eventBox()).getByRole('link', { name: 'Añadir al calendario' });
    expect(calendar).toHaveAttribute('href', `/revista/${congreso.id}/evento.ics`);
    expect(calendar).toHaveAttribute('download');
    expect(within(eventBox()).queryByText('Este evento ya se celebró.')).not.toBeInTheDocument();
  });

  test("past: says it was held, and no longer offers 'Inscribirse'", async () => {
    const jornada = await api.create('publications', {
      title: 'Jornada de 2001',
      section_id: revista.id,
      event: { start: '2001-03-01', end: '2001-03-02', all_day: true, registration_url: 'https://inscripciones.example.org/2001' },
    });
    await renderSite(`/revista/${jornada.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Jornada de 2001' });
    expect(within(eventBox()).getByText('Este evento ya se celebró.')).toBeInTheDocument();
    expect(facts()).toEqual([['Cuándo', 'del jueves, 1 de marzo de 2001 al viernes, 2 de marzo de 2001']]);
    expect(within(eventBox()).queryByRole('link', { name: /^Inscribirse/ })).not.toBeInTheDocument();
    expect(within(eventBox()).getByRole('link', { name: 'Añadir al calendario' })).toHaveAttribute(
      'href',
      `/revista/${jornada.id}/evento.ics`,
    );
  });

  test('a publication without one has no event box', async () => {
    await renderSite(`/noticias/${premio.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Premio al mejor TFM' });
    expect(screen.queryByRole('region', { name: 'Evento' })).not.toBeInTheDocument();
  });
});
