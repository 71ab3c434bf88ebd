import type { SiteSettings } from './entities';

/**
 * What the public site is made of, written once (requirements §2): its name, how its
 * pages are titled, its sections and pages in navigation order, and the
 * default site settings. The browser (navigation, routes, page titles), the
 * server (index.html heads, sitemap, configuration defaults) and the demo
 * content all read it from here.
 */

export const SITE_NAME = 'Máster en Educación Emocional y Convivencia Escolar';

/** The site's meta description (index.html and every page without its own). */
export const SITE_DESCRIPTION = `${SITE_NAME}: presentación, cuerpo docente, revista, congresos, media y noticias.`;

/** A public page's <title>: '{title} · Máster en ...', or the site name alone for the home page. */
export const pageTitle = (title?: string): string => (title ? `${title} · ${SITE_NAME}` : SITE_NAME);

/** The administration area's name. */
export const ADMIN_NAME = 'Panel de Control';

/** An admin page's <title>: 'Secciones · Panel de Control'. */
export const adminPageTitle = (title: string): string => `${title} · ${ADMIN_NAME}`;

/**
 * The five public sections, in navigation order. `slug` names the section in
 * the API and in publication addresses (/presentacion-del-magister/{id});
 * `listPath` is the address of its list page (/presentacion-magister).
 * `intro` leads the list page; `teaser` describes it on the home page.
 */
export const publicSections = [
  {
    slug: 'presentacion-del-magister',
    listPath: 'presentacion-magister',
    title: 'Presentación del Máster',
    navLabel: 'Presentación magíster',
    intro: 'Objetivos, estructura y enfoque del máster: todo lo que necesitas saber para empezar.',
    teaser: 'Objetivos, plan de estudios y a quién se dirige.',
  },
  {
    slug: 'revista',
    listPath: 'revista',
    title: 'Revista',
    navLabel: 'Revista',
    intro: 'Artículos, ensayos y experiencias de aula sobre educación emocional y convivencia.',
    teaser: 'Artículos y experiencias de aula.',
  },
  {
    slug: 'congresos',
    listPath: 'congresos',
    title: 'Congresos',
    navLabel: 'Congresos',
    intro: 'Encuentros, jornadas y congresos en los que participa o que organiza el máster.',
    teaser: 'Jornadas y encuentros del área.',
  },
  {
    slug: 'media',
    listPath: 'media',
    title: 'Media',
    navLabel: 'Media',
    intro: 'Entrevistas, vídeos y apariciones en medios del profesorado y el alumnado.',
    teaser: 'Vídeos, entrevistas y prensa.',
  },
  {
    slug: 'noticias',
    listPath: 'noticias',
    title: 'Noticias',
    navLabel: 'Noticias',
    intro: 'Lo último del máster: convocatorias, actividades y novedades.',
    teaser: 'Convocatorias y novedades.',
  },
] as const;

export type PublicSection = (typeof publicSections)[number];
export type PublicSectionSlug = PublicSection['slug'];

/** The catalogue's section with this slug, if it is one of the five. */
export const findPublicSection = (slug: string): PublicSection | undefined => publicSections.find((s) => s.slug === slug);

/** The list page's path segment of a section: its own for the five, its slug for any other (requirements §10). */
export const listPathOf = (sectionSlug: string): string => findPublicSection(sectionSlug)?.listPath ?? sectionSlug;

/** The site's own pages that are not sections, as path segments below `/`. */
export const FACULTY_SEGMENT = 'cuerpo-docente';
/** How links name the faculty page (its own heading reads 'Cuerpo Docente'). */
export const FACULTY_LABEL = 'Cuerpo docente';
/** The research group's link (requirements §2). No page is defined there: the 404 page answers it. */
export const GIESE_SEGMENT = 'giese';

/** An entry of the main navigation; `sectionSlug` marks a section list (its publications live under /{slug}/{id}). */
export interface NavigationEntry {
  label: string;
  href: string;
  sectionSlug?: PublicSectionSlug;
}

const sectionEntry = (section: PublicSection): NavigationEntry => ({ label: section.navLabel, href: `/${section.listPath}`, sectionSlug: section.slug });
const [presentation, ...otherSections] = publicSections;

/** The public pages, in navigation order: what the footer's site map and the sitemap list. */
export const publicPages: readonly NavigationEntry[] = [
  { label: 'Inicio', href: '/' },
  sectionEntry(presentation),
  { label: FACULTY_LABEL, href: `/${FACULTY_SEGMENT}` },
  ...otherSections.map(sectionEntry),
];

/** The main navigation (requirements §2): the public pages, then GIESE. */
export const mainNavigation: readonly NavigationEntry[] = [...publicPages, { label: 'GIESE', href: `/${GIESE_SEGMENT}` }];

/**
 * The site settings when nothing is configured: the networks' home pages and
 * the research group at /giese. The server overrides each from its
 * environment (SOCIAL_*_URL, GIESE_URL, GIESE_LABEL); the browser falls back
 * to these when the page carries none.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  socialLinks: [
    { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/' },
    { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/' },
    { network: 'x', label: 'X', url: 'https://x.com/' },
    { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/' },
    { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/' },
  ],
  researchGroup: { label: 'GIESE', url: `/${GIESE_SEGMENT}` },
};
