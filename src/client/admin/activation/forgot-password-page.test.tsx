import { screen } from '@testing-library/react';
import { passwordResetMessages } from '@/domain/password-reset';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { ForgotPasswordPage } from './forgot-password-page';
import { writeSiteSettings } from '../../../../test/helpers/page-site-settings';

/**
 * '¿Ha olvidado su contraseña?' against the real server, which sends no mail in these tests: the
 * page asks for the field before sending anything, and says what to do when the server cannot mail.
 * The whole flow with a mail server: test/e2e/password-reset.spec.ts and test/api/password-reset.test.ts.
 */

const api = withRealApi();

/** The page as the server draws it: `mail` as the settings written into the page say. */
function openPage(mail: boolean) {
  const removeSettings = writeSiteSettings({ mail });
  const rendered = renderRoutes([{ path: '/admin/contrasena-olvidada', element: <ForgotPasswordPage /> }], {
    initialEntries: ['/admin/contrasena-olvidada'],
    preloadedState: { session: { restored: true, user: null } },
  });
  removeSettings();
  return rendered;
}

const field = () => screen.getByLabelText(/^Usuario o correo electrónico/);

test('an empty field is asked for before anything is sent; a server that cannot mail says whom to ask instead', async () => {
  const { user } = openPage(true);
  expect(screen.getByRole('heading', { level: 1, name: '¿Ha olvidado su contraseña?' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
  expect(field()).toHaveAccessibleDescription(/Este campo es obligatorio\./);
  expect(await api.requests()).toEqual([]);

  await user.type(field(), 'admin');
  await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(passwordResetMessages.noMail);
  // What was typed stays, to try again later.
  expect(field()).toHaveValue('admin');
  const sent = await api.requests();
  expect(sent.map((request) => [request.method, request.url])).toEqual([['POST', '/api/password-reset/']]);
  expect(JSON.parse(sent[0].body)).toEqual({ username_or_email: 'admin' });
});

test('without mail, the page has no form and says whom to ask', () => {
  openPage(false);
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(passwordResetMessages.noMail);
  expect(screen.getByRole('link', { name: 'Volver a Iniciar sesión' })).toHaveAttribute('href', '/admin/login');
});
