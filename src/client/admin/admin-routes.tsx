import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/client/app/paths';
import { AdminGuard } from '@/client/session/admin-guard';
import { LoginPage } from '@/client/session/login-page';
import { AdminLanding } from './admin-landing';
import { AdminNotFoundPage } from './admin-not-found-page';
import { AdminShell } from './admin-shell';
import { BiographyDetailPage } from './biographies/biography-detail-page';
import { BiographyFormPage } from './biographies/biography-form-page';
import { BiographyListPage } from './biographies/biography-list-page';
import { ComingSoonPage } from './coming-soon-page';
import { NoticesProvider } from './kit/notices';
import { SectionDetailPage } from './sections/section-detail-page';
import { SectionFormPage } from './sections/section-form-page';
import { SectionListPage } from './sections/section-list-page';

// The layout editor (and its drag and drop) loads only when a publication is being designed.
const LayoutEditorPage = lazy(() => import(/* webpackChunkName: "layout-editor" */ './layout-editor/layout-editor-page'));

/**
 * Everything under /admin, in one lazily loaded chunk (router.tsx): the
 * sign-in screen, then the guard, the shell and the pages inside it.
 */
export const adminRoutes: RouteObject[] = [
  { path: paths.admin.login.path, element: <LoginPage /> },
  {
    element: <AdminGuard />,
    children: [
      {
        element: (
          <NoticesProvider>
            <AdminShell />
          </NoticesProvider>
        ),
        children: [
          { index: true, element: <AdminLanding /> },
          { path: paths.admin.sections.path, element: <SectionListPage /> },
          { path: paths.admin.sectionNew.path, element: <SectionFormPage /> },
          { path: paths.admin.sectionEdit.path, element: <SectionFormPage /> },
          { path: paths.admin.section.path, element: <SectionDetailPage /> },
          { path: paths.admin.publicationNew.path, element: <Suspense fallback={<p role="status">Cargando...</p>}><LayoutEditorPage /></Suspense> },
          { path: `${paths.admin.publications.path}/*`, element: <ComingSoonPage title="Publicaciones" noun="publicaciones" /> },
          { path: paths.admin.biographies.path, element: <BiographyListPage /> },
          { path: paths.admin.biographyNew.path, element: <BiographyFormPage /> },
          { path: paths.admin.biographyEdit.path, element: <BiographyFormPage /> },
          { path: paths.admin.biography.path, element: <BiographyDetailPage /> },
          { path: '*', element: <AdminNotFoundPage /> },
        ],
      },
    ],
  },
];

/** The admin area, rendered below the /admin/* route. */
export default function AdminRoutes() {
  return useRoutes(adminRoutes);
}
