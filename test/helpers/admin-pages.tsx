import { AccountPage } from '@/client/admin/account/account-page';
import { NoticesProvider } from '@/client/admin/kit/notices';
import { MailPage } from '@/client/admin/users/mail-page';
import { UsersPage } from '@/client/admin/users/users-page';
import { renderRoutes, type ProviderOptions } from './render-with-providers';

/** 'Usuarios' and its 'Correo' as the panel routes them, opened at `at` (the tests of both pages). */
export function openUsersPages(at: string, preloadedState: ProviderOptions['preloadedState']) {
  return renderRoutes(
    [
      {
        path: '/admin/usuarios',
        element: (
          <NoticesProvider>
            <UsersPage />
          </NoticesProvider>
        ),
      },
      { path: '/admin/usuarios/correo', element: <MailPage /> },
    ],
    { initialEntries: [at], preloadedState },
  );
}

/** 'Mi cuenta' as the panel routes it (the tests of its forms). */
export function openAccountPage(preloadedState: ProviderOptions['preloadedState']) {
  return renderRoutes(
    [
      {
        path: '/admin/cuenta',
        element: (
          <NoticesProvider>
            <AccountPage />
          </NoticesProvider>
        ),
      },
    ],
    { initialEntries: ['/admin/cuenta'], preloadedState },
  );
}
