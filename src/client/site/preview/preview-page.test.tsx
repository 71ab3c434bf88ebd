import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA, READY, type PreviewPayload } from '@/client/ui/preview-channel';
import { renderSite } from '../../../../test/helpers/render-site';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { bannerText } from './preview-page';
import { linkPayload } from './preview-sources';

withRealApi();

const payload = (overrides: Partial<PreviewPayload> = {}): PreviewPayload => ({
  publication: {
    id: 7,
    title: 'Jornada de puertas abiertas',
    section_slug: 'noticias',
    section_title: 'Noticias',
    publish_date: '2026-11-25',
    featured_image: null,
    layout: [{ id: 'r1', cells: [{ id: 'c1', type: 'text', content: '<p>Texto <em>sin guardar</em>.</p>', columnSpan: 4 }] }],
    event: null,
  },
  image: null,
  shown_status: 'scheduled',
  scheduled_for: '2026-11-25',
  ...overrides,
});

/** The admin tab that opened this one: what it is sent, and a way to post as it. */
function fakeOpener() {
  const sent: unknown[] = [];
  const opener = { postMessage: (message: unknown, origin: string) => sent.push({ message, origin }) } as unknown as Window;
  Object.defineProperty(window, 'opener', { configurable: true, value: opener });
  const post = (data: unknown, { origin = window.location.origin, source = opener }: { origin?: string; source?: unknown } = {}) =>
    act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    });
  return { sent, post };
}

afterEach(() => {
  Object.defineProperty(window, 'opener', { configurable: true, value: null });
});

test("the banner's words", () => {
  expect(bannerText('scheduled', '2026-11-25')).toBe('Programado para el 25 de noviembre de 2026');
  expect(bannerText('draft', null)).toBe('Vista previa · no publicada');
  expect(bannerText('archived', null)).toBe('Vista previa · no publicada');
  expect(bannerText('published', null)).toBe('Vista previa · publicada');
});

test('asks the admin tab that opened it, then shows what it posts: banner, switch, and the page in a frame of the width chosen', async () => {
  const admin = fakeOpener();
  await renderSite('/vista-previa#publicacion-7');
  expect(admin.sent).toEqual([{ message: { type: READY, key: 'publicacion-7' }, origin: window.location.origin }]);
  expect(await screen.findByRole('status')).toHaveTextContent('Cargando la vista previa...');

  await admin.post({ type: DATA, key: 'publicacion-7', payload: payload() });
  const banner = screen.getByRole('region', { name: 'Vista previa' });
  expect(banner).toHaveTextContent('Programado para el 25 de noviembre de 2026');
  const frame = document.querySelector('iframe')!;
  expect(frame).toHaveAttribute('title', 'Jornada de puertas abiertas (escritorio, 1280 px)');
  expect(frame.style.width).toBe('1280px');
  // The frame is this same address: the page sees it is embedded and draws the site alone.
  expect(frame).toHaveAttribute('src', '/vista-previa#publicacion-7');
  expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/noticias/7`);
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(document.title).toContain('Vista previa: Jornada de puertas abiertas');

  const user = userEvent.setup();
  await user.click(within(banner).getByRole('button', { name: 'Teléfono' }));
  expect(within(banner).getByRole('button', { name: 'Teléfono' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(banner).getByRole('button', { name: 'Escritorio' })).toHaveAttribute('aria-pressed', 'false');
  expect(document.querySelector('iframe')!.style.width).toBe('375px');

  // Every later change replaces what is shown.
  await admin.post({ type: DATA, key: 'publicacion-7', payload: payload({ shown_status: 'draft', scheduled_for: null }) });
  expect(banner).toHaveTextContent('Vista previa · no publicada');
});

test('messages from another origin, from another window, or not shaped as a preview are ignored', async () => {
  const admin = fakeOpener();
  await renderSite('/vista-previa#publicacion-7');
  await admin.post({ type: DATA, key: 'publicacion-7', payload: payload() }, { origin: 'https://otro.example' });
  await admin.post({ type: DATA, key: 'publicacion-7', payload: payload() }, { source: window });
  await admin.post({ type: DATA, key: 'publicacion-7', payload: { ...payload(), shown_status: 'visible' } });
  await admin.post({ type: DATA, key: 'publicacion-7', payload: { ...payload(), publication: { title: 'x' } } });
  expect(screen.queryByRole('region', { name: 'Vista previa' })).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Cargando la vista previa...');
});

test('with no admin tab behind it, it says how to open a preview, in the site frame', async () => {
  await renderSite('/vista-previa');
  expect(await screen.findByRole('alert')).toHaveTextContent(/abra la vista previa con el botón «Vista previa»/);
  expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test("a private link the server does not know shows the site's 404 page, without the banner", async () => {
  await renderSite('/vista-previa/desconocido0123456789abcdefghijk');
  expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Vista previa' })).not.toBeInTheDocument();
});

describe("the preview's event box", () => {
  const event = {
    start: '2099-05-20T10:00:00',
    end: null,
    all_day: false,
    location: 'Aula Magna',
    online_url: null,
    registration_url: 'https://inscripciones.example.org/congreso',
  };

  /** The phone-wide frame: this document inside the preview page, which posts it the payload. */
  function embeddedIn() {
    const parent = { postMessage: () => {} } as unknown as Window;
    Object.defineProperty(window, 'parent', { configurable: true, value: parent });
    return (data: unknown) =>
      act(async () => {
        window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin, source: parent }));
      });
  }

  afterEach(() => {
    Object.defineProperty(window, 'parent', { configurable: true, value: window });
  });

  test("draws the form's event (wall-clock times), without 'Añadir al calendario' for a publication not created yet", async () => {
    const post = embeddedIn();
    await renderSite('/vista-previa#publicacion-nueva');
    const publication = { ...payload().publication, id: null, event };
    await post({ type: DATA, key: 'publicacion-nueva', payload: payload({ publication }) });
    const box = screen.getByRole('region', { name: 'Evento' });
    expect(box).toHaveTextContent('miércoles, 20 de mayo de 2099, 10:00');
    expect(box).toHaveTextContent('Aula Magna');
    expect(within(box).getByRole('link', { name: 'Inscribirse (se abre en una pestaña nueva)' })).toHaveAttribute(
      'href',
      event.registration_url,
    );
    expect(within(box).queryByRole('link', { name: 'Añadir al calendario' })).not.toBeInTheDocument();
  });

  test("a private link's payload carries the saved event", () => {
    const saved = { ...event, start: '2099-05-20T10:00:00+02:00' };
    const publication = { ...payload().publication, id: 7, event: saved, event_upcoming: true, status: 'published' as const };
    const answer = {
      publication: { ...publication, featured_image_focus: null, is_featured: false, order: 0 },
      shown_status: 'published' as const,
      expires_at: '2099-01-01T00:00:00Z',
    };
    expect(linkPayload(answer).publication.event).toEqual(saved);
  });

  test('a saved one links its calendar file; a past one says it was held', async () => {
    const post = embeddedIn();
    await renderSite('/vista-previa#publicacion-7');
    const past = { ...event, start: '2001-03-01', all_day: true };
    await post({ type: DATA, key: 'publicacion-7', payload: payload({ publication: { ...payload().publication, event: past } }) });
    const box = screen.getByRole('region', { name: 'Evento' });
    expect(box).toHaveTextContent('Este evento ya se celebró.');
    expect(within(box).queryByRole('link', { name: /^Inscribirse/ })).not.toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Añadir al calendario' })).toHaveAttribute('href', '/noticias/7/evento.ics');
  });
});
