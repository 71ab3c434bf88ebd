import { listPathOf, mainNavigation, pageTitle, publicPages } from './catalogue';

test('a page is titled "{title} · {site}", the home page by the site name alone', () => {
  expect(pageTitle('Noticias')).toBe('Noticias · Máster en Educación Emocional y Convivencia Escolar');
  expect(pageTitle()).toBe('Máster en Educación Emocional y Convivencia Escolar');
});

test('the five sections keep their list addresses; any other section is listed at its slug', () => {
  expect(listPathOf('presentacion-del-magister')).toBe('presentacion-magister');
  expect(listPathOf('noticias')).toBe('noticias');
  expect(listPathOf('talleres')).toBe('talleres');
});

test('the navigation is the public pages in the order of requirements §2, then GIESE, which has no page', () => {
  expect(mainNavigation.map((entry) => entry.href)).toEqual([
    '/',
    '/presentacion-magister',
    '/cuerpo-docente',
    '/revista',
    '/congresos',
    '/media',
    '/noticias',
    '/giese',
  ]);
  expect(publicPages).toEqual(mainNavigation.slice(0, -1));
});
