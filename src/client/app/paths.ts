import { FACULTY_SEGMENT, GIESE_SEGMENT, listPathOf } from '@/domain/catalogue';

/**
 * Every route of the SPA, written once (requirements §2). Each entry gives both sides
 * of a route:
 *
 * - `path`: the pattern handed to the router, relative to the route it is
 *   nested in (the public pages sit under the site layout at `/`, the admin
 *   pages under `/admin/*`);
 * - `getHref(...)`: the absolute address for links and redirects.
 *
 *   { path: paths.admin.sectionEdit.path, element: <SectionEditPage /> }   // router
 *   <Link to={paths.admin.sectionEdit.getHref(section.id)}>Editar</Link>    // link
 *
 * So a path changes here and nowhere else, and no code rebuilds an address by
 * slicing or joining strings.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  faculty: { path: FACULTY_SEGMENT, getHref: () => `/${FACULTY_SEGMENT}` },
  /**
   * A public section's list page, by the section's slug: the five sections of
   * the catalogue keep their own addresses (/presentacion-magister lists
   * 'presentacion-del-magister'); any other section lives at /{slug}.
   */
  sectionList: {
    path: (sectionSlug: string) => listPathOf(sectionSlug),
    getHref: (sectionSlug: string) => `/${listPathOf(sectionSlug)}`,
  },
  /** A public publication: /{sectionSlug}/{id} (requirements §2). */
  publication: {
    path: ':sectionSlug/:id',
    getHref: (sectionSlug: string, id: number | string) => `/${sectionSlug}/${id}`,
  },
  /**
   * The research group's link in the navigation (requirements §2). The site defines
   * no page there: the 404 page answers it (requirements §10), so it has no route.
   */
  giese: { getHref: () => `/${GIESE_SEGMENT}` },
  /** The short sign-in address, an alias of admin.login. */
  login: { path: '/login', getHref: () => '/login' },
  admin: {
    /** The admin panel: a document of its own (admin.html, admin-main.tsx). */
    root: { path: '/admin', getHref: () => '/admin' },
    login: { path: 'login', getHref: () => '/admin/login' },
    sections: { path: 'sections', getHref: () => '/admin/sections' },
    sectionNew: { path: 'sections/new', getHref: () => '/admin/sections/new' },
    sectionEdit: { path: 'sections/edit/:id', getHref: (id: number | string) => `/admin/sections/edit/${id}` },
    section: { path: 'sections/:id', getHref: (id: number | string) => `/admin/sections/${id}` },
    publications: { path: 'publications', getHref: () => '/admin/publications' },
    publicationNew: { path: 'publications/new', getHref: () => '/admin/publications/new' },
    publicationEdit: { path: 'publications/edit/:id', getHref: (id: number | string) => `/admin/publications/edit/${id}` },
    publication: { path: 'publications/:id', getHref: (id: number | string) => `/admin/publications/${id}` },
    biographies: { path: 'biographies', getHref: () => '/admin/biographies' },
    biographyNew: { path: 'biographies/new', getHref: () => '/admin/biographies/new' },
    biographyEdit: { path: 'biographies/edit/:id', getHref: (id: number | string) => `/admin/biographies/edit/${id}` },
    biography: { path: 'biographies/:id', getHref: (id: number | string) => `/admin/biographies/${id}` },
    /** The media library ('Medios', docs/decisions/192). */
    media: { path: 'medios', getHref: () => '/admin/medios' },
    mediaItem: { path: 'medios/:id', getHref: (id: number | string) => `/admin/medios/${id}` },
    /** One revision of an item ('Historial', docs/decisions/132). */
    publicationRevision: {
      path: 'publications/:id/historial/:revisionId',
      getHref: (id: number | string, revisionId: number | string) => `/admin/publications/${id}/historial/${revisionId}`,
    },
    sectionRevision: {
      path: 'sections/:id/historial/:revisionId',
      getHref: (id: number | string, revisionId: number | string) => `/admin/sections/${id}/historial/${revisionId}`,
    },
    biographyRevision: {
      path: 'biographies/:id/historial/:revisionId',
      getHref: (id: number | string, revisionId: number | string) => `/admin/biographies/${id}/historial/${revisionId}`,
    },
    mediaRevision: {
      path: 'medios/:id/historial/:revisionId',
      getHref: (id: number | string, revisionId: number | string) => `/admin/medios/${id}/historial/${revisionId}`,
    },
    /** Who did what and when ('Actividad', docs/decisions/221). */
    activity: { path: 'actividad', getHref: () => '/admin/actividad' },
    /** The trash ('Papelera', docs/decisions/130). */
    trash: { path: 'papelera', getHref: () => '/admin/papelera' },
    /** The signed-in person's own account ('Mi cuenta'): password, open sessions. */
    account: { path: 'cuenta', getHref: () => '/admin/cuenta' },
    /** The colleagues' accounts ('Usuarios', Administrador only). */
    users: { path: 'usuarios', getHref: () => '/admin/usuarios' },
    /** The site's mail ('Correo', in Usuarios; Administrador only, docs/decisions/205). */
    usersMail: { path: 'usuarios/correo', getHref: () => '/admin/usuarios/correo' },
    /** 'Ajustes del sitio' (Administrador only, docs/decisions/199). */
    settings: { path: 'ajustes', getHref: () => '/admin/ajustes' },
    /** Where a password link leads; its token follows '#', never in the path. */
    activation: { path: 'activar', getHref: () => '/admin/activar' },
    /** '¿Ha olvidado su contraseña?': a link by mail (docs/decisions/204). */
    forgotPassword: { path: 'contrasena-olvidada', getHref: () => '/admin/contrasena-olvidada' },
    /** Where the link mailed to a new address leads (docs/decisions/206); its token follows '#'. */
    emailConfirmation: { path: 'confirmar-correo', getHref: () => '/admin/confirmar-correo' },
  },
} as const;
