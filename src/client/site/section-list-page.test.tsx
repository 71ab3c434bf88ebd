import { screen, within } from '@testing-library/react';
import type { PublicPublication } from '@/domain/entities';
import { renderSite } from '../../../test/helpers/render-site';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';

const api = withRealApi();

const publication = (id: number, title: string, section_slug = 'presentacion-del-magister'): PublicPublication => ({
  id,
  title,
  section_title: 'Presentación del Máster',
  section_slug,
  status: 'published',
  featured_image: null,
  featured_image_focus: null,
  is_featured: false,
  publish_date: '2026-02-01',
  event: null,
  event_upcoming: null,
  order: id,
  layout: [{ id: 'r', cells: [{ id: 'c', type: 'text', content: `<p>Texto de ${title}</p>` }] }],
});

test("shows the section's published cards, asking for the section by slug without credentials", async () => {
  // The catalogue's section 'presentacion-del-magister', as an administrator would name it.
  const section = await api.create('sections', { title: 'Presentación del Magíster' });
  expect(section.slug).toBe('presentacion-del-magister');
  const objetivos = await api.create('publications', { title: 'Objetivos', section_id: section.id });
  const plan = await api.create('publications', { title: 'Plan de estudios', section_id: section.id });
  await api.create('publications', { title: 'Borrador', section_id: section.id, status: 'draft' });
  await renderSite('/presentacion-magister');
  expect(await screen.findByRole('link', { name: 'Objetivos' })).toHaveAttribute('href', `/presentacion-del-magister/${objetivos.id}`);
  expect(screen.getByRole('link', { name: 'Plan de estudios' })).toHaveAttribute('href', `/presentacion-del-magister/${plan.id}`);
  expect(screen.queryByRole('link', { name: 'Borrador' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Presentación del Máster' })).toBeInTheDocument();
  // No event on the page: one list, its cards' titles the page's h2, no group headings.
  expect(screen.getByRole('heading', { level: 2, name: 'Objetivos' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: /^(Próximos|Anteriores|Otras publicaciones)$/ })).not.toBeInTheDocument();
  expect(document.title).toContain('Presentación del Máster');
  const [request] = (await api.requests()).filter((r) => r.url.startsWith('/api/public/publications/'));
  expect(request).toMatchObject({
    url: '/api/public/publications/?section_slug=presentacion-del-magister&page=1&page_size=12',
    status: 200,
  });
  expect(request.headers.authorization).toBeUndefined();
});

test('an empty section says so kindly', async () => {
  await api.create('sections', { title: 'Congresos' });
  await renderSite('/congresos');
  expect(await screen.findByText(/Todavía no hay publicaciones en esta sección/)).toBeInTheDocument();
});

describe('a section longer than a page', () => {
  beforeAll(async () => {
    const noticias = await api.create('sections', { title: 'Noticias' });
    await api.createMany('publications', 13, (i) => ({ title: `Noticia ${String(i + 1).padStart(2, '0')}`, section_id: noticias.id }));
  });

  test('is paged twelve at a time, the page in the address', async () => {
    await renderSite('/noticias?pagina=2');
    expect(await screen.findAllByRole('link', { name: /^Noticia \d\d$/ })).toHaveLength(1);
    expect((await api.requests())[0]).toMatchObject({
      url: '/api/public/publications/?section_slug=noticias&page=2&page_size=12',
      status: 200,
    });
    expect(screen.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '← Anterior' })).toHaveAttribute('href', '/noticias');
    expect(screen.queryByRole('link', { name: 'Siguiente →' })).not.toBeInTheDocument();
    expect(document.title).toContain('Noticias (página 2)');
  });

  test.each(['/noticias?pagina=99', '/noticias?pagina=cero'])(
    '%s: a page that does not exist says so and leads to the first',
    async (address) => {
      await renderSite(address);
      expect(await screen.findByText('Esta página de Noticias no existe.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ir a la primera página' })).toHaveAttribute('href', '/noticias');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});

/** The headings of the page's groups, and the titles of the cards in the list each one names. */
function groupsShown() {
  return within(screen.getByRole('main'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => {
      const list = screen.getByRole('list', { name: heading.textContent ?? '' });
      return [
        heading.textContent,
        within(list)
          .getAllByRole('heading', { level: 3 })
          .map((title) => title.textContent),
      ];
    });
}

test("a list with events groups its cards under 'Próximos', 'Anteriores' and 'Otras publicaciones', each card saying when", async () => {
  const revista = await api.create('sections', { title: 'Revista', list_order: 'event' });
  const at = (start: string, location: string | null = null) => ({ start, location });
  await api.create('publications', { title: 'Editorial', section_id: revista.id });
  await api.create('publications', { title: 'Congreso de 2001', section_id: revista.id, event: at('2001-03-01T10:00', 'Aula Magna') });
  await api.create('publications', { title: 'Congreso de 2099', section_id: revista.id, event: at('2099-05-20T10:00', 'Aula Magna') });
  await api.create('publications', { title: 'Jornada de 2098', section_id: revista.id, event: { start: '2098-11-02', all_day: true } });
  await renderSite('/revista');
  expect(await screen.findByRole('heading', { level: 2, name: 'Próximos' })).toBeInTheDocument();
  expect(groupsShown()).toEqual([
    ['Próximos', ['Jornada de 2098', 'Congreso de 2099']],
    ['Anteriores', ['Congreso de 2001']],
    ['Otras publicaciones', ['Editorial']],
  ]);
  const next = within(screen.getByRole('list', { name: 'Próximos' })).getAllByRole('listitem')[1];
  expect(within(next).getByText(/^miércoles, 20 de mayo de 2099, 10:00/)).toHaveTextContent(
    'miércoles, 20 de mayo de 2099, 10:00 · Aula Magna',
  );
  expect(within(next).getByRole('link', { name: 'Congreso de 2099' })).toHaveAttribute('href', expect.stringMatching(/^\/revista\/\d+$/));
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();

  test("shows 'Cargando...' while the answer is on its way", async () => {
    server().setHandler(() => ({
      delay: 80,
      body: { count: 2, next: null, previous: null, results: [publication(1, 'Objetivos'), publication(2, 'Plan de estudios')] },
    }));
    await renderSite('/presentacion-magister');
    expect(await screen.findByText('Cargando...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Objetivos' })).toBeInTheDocument();
  });

  test("another section, reached within the site, shows 'Cargando...', never the cards of the one left", async () => {
    server().setHandler(({ url }) =>
      url.includes('section_slug=revista')
        ? { delay: 80, body: { count: 1, next: null, previous: null, results: [publication(2, 'Artículo', 'revista')] } }
        : { body: { count: 1, next: null, previous: null, results: [publication(1, 'Noticia', 'noticias')] } },
    );
    const { user } = await renderSite('/noticias');
    expect(await screen.findByRole('link', { name: 'Noticia' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Revista' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Revista' })).toBeInTheDocument();
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Noticia' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Artículo' })).toBeInTheDocument();
  });

  // Thirty publications, without making thirty.
  test('a long section has links to the pages around the one shown', async () => {
    const cards = Array.from({ length: 12 }, (_, i) => publication(13 + i, `Noticia ${13 + i}`));
    server().setHandler(() => ({ body: { count: 30, next: null, previous: null, results: cards } }));
    await renderSite('/noticias?pagina=2');
    expect(await screen.findByRole('link', { name: 'Noticia 13' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Páginas de Noticias' });
    expect(pages).toContainElement(screen.getByRole('link', { name: 'Página 3' }));
    expect(screen.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '← Anterior' })).toHaveAttribute('href', '/noticias');
    expect(screen.getByRole('link', { name: 'Siguiente →' })).toHaveAttribute('href', '/noticias?pagina=3');
  });

  // A second page of an event list, without making fifteen publications.
  test('each page heads the groups it holds: the second page of an event list, its past events and those without one', async () => {
    const past = (id: number) => ({
      ...publication(id, `Congreso ${id}`, 'congresos'),
      event: { start: `2001-0${id - 10}-01`, end: null, all_day: true, location: null, online_url: null, registration_url: null },
      event_upcoming: false,
    });
    const results = [past(13), past(14), publication(15, 'Crónica', 'congresos')];
    server().setHandler(() => ({ body: { count: 15, next: null, previous: null, results, list_order: 'event' } }));
    await renderSite('/congresos?pagina=2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Anteriores' })).toBeInTheDocument();
    expect(groupsShown()).toEqual([
      ['Anteriores', ['Congreso 13', 'Congreso 14']],
      ['Otras publicaciones', ['Crónica']],
    ]);
    expect(screen.queryByRole('heading', { name: 'Próximos' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Páginas de Congresos' })).toBeInTheDocument();
  });

  test('a failed load says which page could not be loaded', async () => {
    server().setHandler(() => ({ status: 500, body: { detail: 'fallo' } }));
    await renderSite('/revista');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar las publicaciones de Revista');
  });
});
