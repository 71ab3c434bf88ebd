/**
 * The public pages search engines should know (SPEC §2): the home page, the
 * five section lists and the faculty. The browser's own list lives in
 * src/client/app/paths.ts; the server cannot import client code, so the
 * addresses are repeated here (test/e2e/public-seo.spec.ts checks that the
 * sitemap and the site's navigation agree).
 */
export const SITE_NAME = 'Máster en Educación Emocional y Convivencia Escolar';

export const PUBLIC_PAGES: readonly { path: string; sectionSlug?: string }[] = [
  { path: '/' },
  { path: '/presentacion-magister', sectionSlug: 'presentacion-del-magister' },
  { path: '/cuerpo-docente' },
  { path: '/revista', sectionSlug: 'revista' },
  { path: '/congresos', sectionSlug: 'congresos' },
  { path: '/media', sectionSlug: 'media' },
  { path: '/noticias', sectionSlug: 'noticias' },
];
