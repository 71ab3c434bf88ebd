import { screen } from '@testing-library/react';
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
