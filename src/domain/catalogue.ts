import type { SectionLink, SiteSettings } from './entities';

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
/** The id of a teacher's card on the faculty page, from the biography's id (stable through renames). */
export const facultyCardId = (biographyId: number): string => `docente-${biographyId}`;
/** The address of a teacher's card: /cuerpo-docente#docente-12 (what the public search links to). */
export const facultyCardHref = (biographyId: number): string => `/${FACULTY_SEGMENT}#${facultyCardId(biographyId)}`;
/** The research group's link (requirements §2). No page is defined there: the 404 page answers it. */
export const GIESE_SEGMENT = 'giese';

/**
 * First path segments the site itself answers, which no added section's list
 * page (/{slug}) may take: the admin panel, the API, sign-in, media files,
 * the built assets and TinyMCE, the faculty and GIESE pages, the SEO files
 * and every list path of the five (DECISIONS "What the public sees").
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'login',
  'media',
  'assets',
  'tinymce',
  FACULTY_SEGMENT,
  GIESE_SEGMENT,
  'sitemap.xml',
  'sitemapxml',
  'robots.txt',
  'robotstxt',
  'favicon.svg',
  // The public search's page, the feeds (/feed.xml, /feeds/{list}.xml) and the private preview links.
  'buscar',
  'feeds',
  'feed.xml',
  'vista-previa',
  ...publicSections.map((section) => section.listPath),
]);

/** An entry of the main navigation; `sectionSlug` marks a section list (its publications live under /{slug}/{id}). */
export interface NavigationEntry {
  label: string;
  href: string;
  sectionSlug?: string;
}

/** What a section's public list page needs: the five bring their intro, an added section has none. */
export interface ListedSection {
  slug: string;
  title: string;
  intro?: string;
}

/** A list page's description: the five's intro, or what an added section holds. */
export const listPageDescription = ({ title, intro }: ListedSection): string =>
  intro ? `${title}: ${intro}` : `${title}: publicaciones del ${SITE_NAME}.`;

/** The visible sections an administrator added: every visible one that is not one of the five, in the given order. */
export const addedSections = <T extends SectionLink>(visible: readonly T[]): T[] =>
  visible.filter((section) => !findPublicSection(section.slug));

const sectionEntry = (section: PublicSection): NavigationEntry => ({
  label: section.navLabel,
  href: `/${section.listPath}`,
  sectionSlug: section.slug,
});
const [presentation, ...otherSections] = publicSections;

/**
 * The public pages, in navigation order: what the footer's site map and the
 * sitemap list. The sections administrators added come after the five, in
 * their order (DECISIONS "What the public sees").
 */
export const publicPagesWith = (added: readonly SectionLink[]): NavigationEntry[] => [
  { label: 'Inicio', href: '/' },
  sectionEntry(presentation),
  { label: FACULTY_LABEL, href: `/${FACULTY_SEGMENT}` },
  ...otherSections.map(sectionEntry),
  ...added.map((section) => ({ label: section.title, href: `/${section.slug}`, sectionSlug: section.slug })),
];

/**
 * The site settings when nothing is configured: the networks' home pages and
 * the research group 'GIESE' at /giese (requirements §2). The server's defaults
 * start from these (domain/site-settings.ts, with the environment's
 * SOCIAL_*_URL, GIESE_URL, GIESE_LABEL over them) until an Administrador saves
 * 'Ajustes del sitio'; the browser falls back to these when the page carries none.
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

/**
 * The main navigation (requirements §2): the public pages, then the research
 * group as the site settings name it ('GIESE' at /giese unless an Administrador
 * changed it; left out when it has no link).
 */
export const mainNavigationWith = (
  added: readonly SectionLink[],
  researchGroup: SiteSettings['researchGroup'] = DEFAULT_SITE_SETTINGS.researchGroup,
): NavigationEntry[] => [
  ...publicPagesWith(added),
  ...(researchGroup.url ? [{ label: researchGroup.label, href: researchGroup.url }] : []),
];

/** The public pages and navigation of a site with only the five sections. */
export const publicPages: readonly NavigationEntry[] = publicPagesWith([]);
export const mainNavigation: readonly NavigationEntry[] = mainNavigationWith([]);
