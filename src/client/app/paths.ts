/**
 * Every route of the SPA, written once (SPEC §2). Router and links both read
 * from here, so a path changes in one place.
 */
export const paths = {
  home: '/',
  faculty: '/cuerpo-docente',
  notFoundExample: '/giese',
  /** A public section list page: /revista, /presentacion-magister ... */
  sectionList: (listPath: string) => `/${listPath}`,
  /** A public publication detail: /{sectionSlug}/{id} (SPEC §2). */
  publication: (sectionSlug: string, id: number | string) => `/${sectionSlug}/${id}`,
  login: '/login',
  admin: {
    root: '/admin',
    login: '/admin/login',
    sections: '/admin/sections',
    sectionNew: '/admin/sections/new',
    sectionEdit: (id: number | string) => `/admin/sections/edit/${id}`,
    section: (id: number | string) => `/admin/sections/${id}`,
    publications: '/admin/publications',
    publicationNew: '/admin/publications/new',
    publicationEdit: (id: number | string) => `/admin/publications/edit/${id}`,
    publication: (id: number | string) => `/admin/publications/${id}`,
    biographies: '/admin/biographies',
    biographyNew: '/admin/biographies/new',
    biographyEdit: (id: number | string) => `/admin/biographies/edit/${id}`,
    biography: (id: number | string) => `/admin/biographies/${id}`,
  },
} as const;

/**
 * The public section pages (SPEC §2): the address of the list, the slug of the
 * section it shows, and its title. Publication links use the slug
 * (/presentacion-del-magister/{id}), while that list lives at /presentacion-magister.
 */
export const publicSections = [
  { listPath: 'presentacion-magister', slug: 'presentacion-del-magister', title: 'Presentación del Máster', navLabel: 'Presentación magíster' },
  { listPath: 'revista', slug: 'revista', title: 'Revista', navLabel: 'Revista' },
  { listPath: 'congresos', slug: 'congresos', title: 'Congresos', navLabel: 'Congresos' },
  { listPath: 'media', slug: 'media', title: 'Media', navLabel: 'Media' },
  { listPath: 'noticias', slug: 'noticias', title: 'Noticias', navLabel: 'Noticias' },
] as const;

export type PublicSection = (typeof publicSections)[number];
