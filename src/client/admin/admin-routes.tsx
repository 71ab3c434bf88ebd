import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { paths } from '@/client/app/paths';
import { AdminGuard } from '@/client/session/admin-guard';
import { LoginPage } from '@/client/session/login-page';
import { AccountPage } from './account/account-page';
import { ActivationPage } from './activation/activation-page';
import { ForgotPasswordPage } from './activation/forgot-password-page';
import { EmailConfirmationPage } from './activation/email-confirmation-page';
import { ActivityPage } from './activity/activity-page';
import { AdminLanding } from './admin-landing';
import { AdminNotFoundPage } from './admin-not-found-page';
import { AdminShell } from './admin-shell';
import { BiographyDetailPage } from './biographies/biography-detail-page';
import { BiographyFormPage } from './biographies/biography-form-page';
import { BiographyListPage } from './biographies/biography-list-page';
import { MediaItemPage } from './media/media-item-page';
import { MediaLibraryPage } from './media/media-library-page';
import { BiographyRevisionPage, MediaRevisionPage, PublicationRevisionPage, SectionRevisionPage } from './history/revision-page';
import { Loading } from './kit/load-states';
import { NoticesProvider } from './kit/notices';
import { AdministratorOnly } from './kit/permissions';
import { PublicationDetailPage } from './publications/publication-detail-page';
import { PublicationListPage } from './publications/publication-list-page';
import { SectionDetailPage } from './sections/section-detail-page';
import { SectionFormPage } from './sections/section-form-page';
import { SectionListPage } from './sections/section-list-page';
import { SiteSettingsPage } from './settings/site-settings-page';
import { TrashPage } from './trash/trash-page';
import { MailPage } from './users/mail-page';
import { UsersPage } from './users/users-page';

// The publication form and its layout editor load only when a publication is being written.
const PublicationFormPage = lazy(() =>
  import(/* webpackChunkName: "layout-editor" */ './publications/publication-form-page').then((module) => ({
    default: module.PublicationFormPage,
  })),
);
const formPage = (
  <Suspense fallback={<Loading />}>
    <PublicationFormPage />
  </Suspense>
);

/**
 * Everything under /admin (relative to it): the sign-in screen, then the
 * guard, the shell and the pages inside it.
 */
const adminRoutes: RouteObject[] = [
  { path: paths.admin.login.path, element: <LoginPage /> },
  // A password link is opened by someone not yet signed in.
  { path: paths.admin.activation.path, element: <ActivationPage /> },
  { path: paths.admin.forgotPassword.path, element: <ForgotPasswordPage /> },
  // So is the link that confirms a new address: in whatever browser the mail is read, signed in or not.
  { path: paths.admin.emailConfirmation.path, element: <EmailConfirmationPage /> },
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
          {
            path: paths.admin.sectionNew.path,
            element: (
              <AdministratorOnly title="Nueva Sección">
                <SectionFormPage />
              </AdministratorOnly>
            ),
          },
          {
            path: paths.admin.sectionEdit.path,
            element: (
              <AdministratorOnly title="Editar Sección">
                <SectionFormPage />
              </AdministratorOnly>
            ),
          },
          { path: paths.admin.section.path, element: <SectionDetailPage /> },
          { path: paths.admin.publications.path, element: <PublicationListPage /> },
          { path: paths.admin.publicationNew.path, element: formPage },
          { path: paths.admin.publicationEdit.path, element: formPage },
          { path: paths.admin.publication.path, element: <PublicationDetailPage /> },
          { path: paths.admin.biographies.path, element: <BiographyListPage /> },
          { path: paths.admin.biographyNew.path, element: <BiographyFormPage /> },
          { path: paths.admin.biographyEdit.path, element: <BiographyFormPage /> },
          { path: paths.admin.biography.path, element: <BiographyDetailPage /> },
          { path: paths.admin.media.path, element: <MediaLibraryPage /> },
          { path: paths.admin.mediaItem.path, element: <MediaItemPage /> },
          { path: paths.admin.publicationRevision.path, element: <PublicationRevisionPage /> },
          { path: paths.admin.sectionRevision.path, element: <SectionRevisionPage /> },
          { path: paths.admin.biographyRevision.path, element: <BiographyRevisionPage /> },
          { path: paths.admin.mediaRevision.path, element: <MediaRevisionPage /> },
          { path: paths.admin.trash.path, element: <TrashPage /> },
          { path: paths.admin.activity.path, element: <ActivityPage /> },
          { path: paths.admin.account.path, element: <AccountPage /> },
          {
            path: paths.admin.users.path,
            element: (
              <AdministratorOnly title="Usuarios">
                <UsersPage />
              </AdministratorOnly>
            ),
          },
          {
            path: paths.admin.usersMail.path,
            element: (
              <AdministratorOnly title="Correo">
                <MailPage />
              </AdministratorOnly>
            ),
          },
          {
            path: paths.admin.settings.path,
            element: (
              <AdministratorOnly title="Ajustes del sitio">
                <SiteSettingsPage />
              </AdministratorOnly>
            ),
          },
          { path: '*', element: <AdminNotFoundPage /> },
        ],
      },
    ],
  },
];

/** An address outside the admin panel, reached from inside it: the public site is another document, loaded whole. */
function LeaveForPublicSite() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}

/**
 * The admin panel's routes, for its data router (admin-main.tsx: `useBlocker`
 * guards unsaved forms, docs/decisions/110). /login is the same screen as
 * /admin/login (requirements §10.3).
 */
export const adminAppRoutes: RouteObject[] = [
  { path: paths.login.path, element: <Navigate to={paths.admin.login.getHref()} replace /> },
  { path: paths.admin.root.path, children: adminRoutes },
  { path: '*', element: <LeaveForPublicSite /> },
];
