import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA, READY, type PreviewPayload } from '@/client/ui/preview-channel';
import { renderSite } from '../../../../test/helpers/render-site';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { bannerText } from './preview-page';

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
