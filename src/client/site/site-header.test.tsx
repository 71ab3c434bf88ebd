import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, StaticRouter } from 'react-router';
import { setupStore } from '@/client/app/store';
import { SiteHeader } from './site-header';
import { renderRoutes } from '../../../test/helpers/render-with-providers';

function renderHeader() {
  const page = (text: string) => (
    <>
      <SiteHeader />
      <main>
        <p>{text}</p>
        <a href="#fuera">Enlace de la página</a>
      </main>
    </>
  );
  return renderRoutes(
    [
      { path: '/', element: page('Portada') },
      { path: '/revista', element: page('Página de la revista') },
      { path: '/buscar', element: page('Resultados') },
    ],
    { initialEntries: ['/'] },
  );
}

const toggle = () => screen.getByRole('button', { name: /Menú|Cerrar/ });
const locked = () => document.documentElement.style.overflow === 'hidden' && document.body.style.overflow === 'hidden';

afterEach(() => {
  document.documentElement.style.overflow = '';
  document.body.style.overflow = '';
});

test('the navigation has every public entry, GIESE included', () => {
  renderHeader();
  const nav = screen.getByRole('navigation', { name: 'Principal' });
  const labels = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
  expect(labels).toEqual([
    ['Inicio', '/'],
    ['Presentación magíster', '/presentacion-magister'],
    ['Cuerpo docente', '/cuerpo-docente'],
    ['Revista', '/revista'],
    ['Congresos', '/congresos'],
    ['Media', '/media'],
    ['Noticias', '/noticias'],
    ['GIESE', '/giese'],
  ]);
});

test('opening the menu locks page scrolling and focuses the first link; Escape closes it and returns focus', async () => {
  document.body.style.overflow = 'auto';
  const { user } = renderHeader();
  expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  expect(toggle()).toHaveAttribute('aria-controls', 'navegacion-principal');

  await user.click(toggle());
  expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  expect(locked()).toBe(true);
  expect(screen.getByRole('link', { name: 'Inicio' })).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  expect(toggle()).toHaveFocus();
  expect(document.documentElement.style.overflow).toBe('');
  expect(document.body.style.overflow).toBe('auto');
});

test('Tab stays inside the open menu', async () => {
  const { user } = renderHeader();
  await user.click(toggle());
  // The menu ends with the search field and its button.
  screen.getByRole('link', { name: 'GIESE' }).focus();
  await user.tab();
  expect(screen.getByRole('searchbox', { name: 'Buscar en el sitio' })).toHaveFocus();
  await user.tab();
  const submit = screen
    .getAllByRole('button', { name: 'Buscar' })
    .find((button) => button.getAttribute('type') === 'submit' && button.closest('.site-nav-panel'));
  expect(submit).toHaveFocus();
  await user.tab();
  expect(toggle()).toHaveFocus();
  await user.tab({ shift: true });
  expect(submit).toHaveFocus();
});

test('the phone menu holds the search field, which goes to /buscar', async () => {
  const { user, router } = renderHeader();
  await user.click(toggle());
  await user.type(screen.getByRole('searchbox', { name: 'Buscar en el sitio' }), 'emociones{Enter}');
  expect(router.state.location.pathname).toBe('/buscar');
  expect(router.state.location.search).toBe('?q=emociones');
  expect(toggle()).toHaveAttribute('aria-expanded', 'false');
});

test('choosing a link closes the menu and unlocks scrolling', async () => {
  const { user, router } = renderHeader();
  await user.click(toggle());
  await user.click(screen.getByRole('link', { name: 'Revista' }));
  expect(router.state.location.pathname).toBe('/revista');
  expect(screen.getByText('Página de la revista')).toBeInTheDocument();
  expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  expect(locked()).toBe(false);
});

test('the button closes the menu too', async () => {
  const { user } = renderHeader();
  await user.click(toggle());
  await user.click(screen.getByRole('button', { name: 'Cerrar' }));
  expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  expect(locked()).toBe(false);
});

test("a publication's page highlights its section in the navigation", () => {
  renderRoutes([{ path: '/:sectionSlug/:id', element: <SiteHeader /> }], { initialEntries: ['/presentacion-del-magister/1'] });
  expect(screen.getByRole('link', { name: 'Presentación magíster' })).toHaveClass('site-nav__link--section');
  expect(screen.getByRole('link', { name: 'Revista' })).not.toHaveClass('site-nav__link--section');
});

// The header as the server draws it (server-render.tsx) and as the browser then takes it over (main.tsx).
const headerAt = (side: 'server' | 'browser', path = '/') => (
  <Provider store={setupStore()}>
    {side === 'server' ? (
      <StaticRouter location={path}>
        <SiteHeader />
      </StaticRouter>
    ) : (
      <MemoryRouter initialEntries={[path]}>
        <SiteHeader />
      </MemoryRouter>
    )}
  </Provider>
);

/** The server's HTML of the header, in the document as a visitor without scripts has it. */
function serverHeader(path = '/') {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(headerAt('server', path));
  return container;
}

/** hydrateRoot over the server's HTML; the take-over must say nothing (a mismatch is a console error or a recoverable one). */
function takeOver(container: HTMLElement, path = '/') {
  // Collected, not thrown from inside React's render (test/helpers/fail-on-console.ts), so that a mismatch fails this test alone.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable: unknown[] = [];
  render(headerAt('browser', path), { container, hydrate: true, onRecoverableError: (error) => recoverable.push(error) });
  expect(consoleError).not.toHaveBeenCalled();
  expect(recoverable).toEqual([]);
  consoleError.mockRestore();
}

test("before the app runs 'Menú' and 'Buscar' are buttons the browser runs; the links <a href>, the searches GET forms", () => {
  const container = serverHeader('/revista');
  const [menuButton, searchButton] = Array.from(container.querySelectorAll('button[type="button"]'));

  // 'Menú' toggles the empty popover right after it; the browser tells whether it is expanded (no aria-expanded to go stale).
  expect(menuButton).toHaveAttribute('popovertarget', 'menu-abierto');
  expect(menuButton).toHaveAttribute('aria-controls', 'navegacion-principal');
  expect(menuButton).not.toHaveAttribute('aria-expanded');
  const menuSwitch = menuButton.nextElementSibling!;
  expect(menuSwitch).toHaveAttribute('id', 'menu-abierto');
  expect(menuSwitch).toHaveAttribute('popover', 'manual');
  expect(menuSwitch).toBeEmptyDOMElement();
  // Both labels, neither hidden: the stylesheet shows the one for the popover's state.
  expect(
    Array.from(menuButton.querySelectorAll('.site-nav-toggle__label'), (label) => [label.textContent, label.hasAttribute('hidden')]),
  ).toEqual([
    ['Menú', false],
    ['Cerrar', false],
  ]);
  // The menu follows, drawn whole (CSS shows it on a phone while the popover is open).
  const panel = container.querySelector('.site-nav-panel')!;
  expect(menuSwitch.nextElementSibling).toBe(panel);
  expect(panel.querySelector('#navegacion-principal a[href="/noticias"]')).toHaveTextContent('Noticias');
  expect(panel.querySelector('a[aria-current="page"]')).toHaveAttribute('href', '/revista');

  expect(searchButton).toHaveAttribute('popovertarget', 'buscar-abierto');
  expect(searchButton).toHaveAttribute('aria-label', 'Buscar');
  expect(searchButton).toHaveAttribute('aria-controls', 'buscar-cabecera');
  expect(searchButton).not.toHaveAttribute('aria-expanded');
  expect(searchButton.nextElementSibling).toHaveAttribute('popover', 'manual');
  expect(searchButton.nextElementSibling!.nextElementSibling).toHaveAttribute('id', 'buscar-cabecera');

  const forms = Array.from(container.querySelectorAll('form'));
  expect(forms.map((form) => [form.getAttribute('action'), form.getAttribute('method'), form.querySelector('input')?.name])).toEqual([
    ['/buscar', 'get', 'q'],
    ['/buscar', 'get', 'q'],
  ]);
});

test("the app takes the server's header over without a mismatch and without adding or removing an element; its state runs the buttons", () => {
  const container = serverHeader();
  const [menuButton, searchButton] = Array.from(container.querySelectorAll('button[type="button"]'));
  const changed: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)]) {
        if (node.nodeType === Node.ELEMENT_NODE) changed.push((node as Element).outerHTML);
      }
    }
  });
  observer.observe(container, { childList: true, subtree: true });
  takeOver(container);
  observer.disconnect();
  expect(changed).toEqual([]);

  expect(screen.getByRole('button', { name: 'Menú' })).toBe(menuButton);
  expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  expect(menuButton).not.toHaveAttribute('popovertarget');
  expect(screen.getByRole('button', { name: 'Buscar', expanded: false })).toBe(searchButton);
  expect(searchButton).not.toHaveAttribute('popovertarget');
  expect(container.querySelector('#buscar-cabecera')).toHaveAttribute('hidden');
});

/** A popover the browser opened before the app ran (jsdom has no popovers: its state is stood in for); says whether it still is. */
function openedBefore(popover: HTMLElement): () => boolean {
  let showing = true;
  Object.assign(popover, {
    matches: (selector: string) => selector === ':popover-open' && showing,
    hidePopover: () => {
      showing = false;
    },
  });
  return () => showing;
}

test('a menu opened before the app took over stays open, now run by the app', () => {
  const container = serverHeader();
  const showing = openedBefore(container.querySelector<HTMLElement>('#menu-abierto')!);
  takeOver(container);
  // The popover closed: the app's state holds the menu open from here on.
  expect(showing()).toBe(false);
  expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveAttribute('aria-expanded', 'true');
  expect(container.querySelector('.site-nav-panel')).toHaveAttribute('data-open');
  expect(locked()).toBe(true);
});

test('a search field opened and typed into before the app took over stays open, with its text', () => {
  const container = serverHeader();
  const showing = openedBefore(container.querySelector<HTMLElement>('#buscar-abierto')!);
  const field = container.querySelector<HTMLInputElement>('#buscar-escritorio')!;
  field.focus();
  field.value = 'emoc';
  takeOver(container);
  expect(showing()).toBe(false);
  expect(screen.getByRole('button', { name: 'Buscar', expanded: true })).toBeInTheDocument();
  expect(container.querySelector('#buscar-cabecera')).not.toHaveAttribute('hidden');
  expect(container.querySelector('#buscar-escritorio')).toBe(field);
  expect(field).toHaveFocus();
  expect(field).toHaveValue('emoc');
});
