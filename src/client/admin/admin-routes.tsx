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

/** A paths.admin entry relative to /admin, for the routes below. */
const under = (path: string) => path.slice(`${paths.admin.root}/`.length);

/**
 * Everything under /admin, in one lazily loaded chunk (router.tsx): the
 * sign-in screen, then the guard, the shell and the pages inside it.
 */
export const adminRoutes: RouteObject[] = [
  { path: under(paths.admin.login), element: <LoginPage /> },
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
          { path: under(paths.admin.sections), element: <SectionListPage /> },
          { path: under(paths.admin.sectionNew), element: <SectionFormPage /> },
          { path: under(paths.admin.sectionEdit(':id')), element: <SectionFormPage /> },
          { path: under(paths.admin.section(':id')), element: <SectionDetailPage /> },
          { path: `${under(paths.admin.publications)}/*`, element: <ComingSoonPage title="Publicaciones" noun="publicaciones" /> },
          { path: under(paths.admin.biographies), element: <BiographyListPage /> },
          { path: under(paths.admin.biographyNew), element: <BiographyFormPage /> },
          { path: under(paths.admin.biographyEdit(':id')), element: <BiographyFormPage /> },
          { path: under(paths.admin.biography(':id')), element: <BiographyDetailPage /> },
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
