import { screen, waitFor, within } from '@testing-library/react';
import { selectUser } from '@/client/session/session-slice';
import { SESSION_STORAGE_KEY } from '@/client/session/session-storage';
import { openAccountPage } from '../../../../test/helpers/admin-pages';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { TEST_ADMIN } from '../../../../test/helpers/api-server-constants';
import { colleague, sessionOf } from '../../../../test/helpers/staff-accounts';

// A password change ends the admin's other sessions: each test has a server of its own.
const api = withRealApi({ per: 'test' });

beforeEach(() => localStorage.clear());

const NEW_PASSWORD = 'otra frase larga para el panel';

const open = (preloadedState = { session: api.session() }) => openAccountPage(preloadedState);

/** A field of 'Cambiar contraseña' ('Correo electrónico' has a 'Contraseña actual' of its own). */
const field = (name: string) => within(screen.getByRole('region', { name: 'Cambiar contraseña' })).getByLabelText(new RegExp(`^${name}`));

test('each refusal of a new password is said beside its field, before any request, in Spanish', async () => {
  const { user } = open();
  await screen.findByRole('heading', { name: 'Cambiar contraseña' });
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  expect(field('Contraseña actual')).toHaveAccessibleDescription('Este campo es obligatorio.');

  await user.type(field('Contraseña actual'), TEST_ADMIN.password);
  await user.type(field('Nueva contraseña'), 'corta');
  await user.type(field('Repetir nueva contraseña'), 'otra');
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  expect(field('Nueva contraseña')).toHaveAccessibleDescription(/La contraseña debe tener al menos 15 caracteres\./);
  expect(field('Repetir nueva contraseña')).toHaveAccessibleDescription('Las contraseñas no coinciden.');
  expect((await api.requests()).filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('a wrong current password is the server’s refusal, beside that field', async () => {
  const { user } = open();
  await screen.findByRole('heading', { name: 'Cambiar contraseña' });
  await user.type(field('Contraseña actual'), 'no es la contraseña actual');
  await user.type(field('Nueva contraseña'), NEW_PASSWORD);
  await user.type(field('Repetir nueva contraseña'), NEW_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  await waitFor(() => expect(field('Contraseña actual')).toHaveAccessibleDescription('La contraseña actual no es correcta.'));
  expect(field('Contraseña actual')).toHaveAttribute('autocomplete', 'current-password');
  expect(field('Nueva contraseña')).toHaveAttribute('autocomplete', 'new-password');
});

test('a password change keeps this session with a fresh pair (stored for the other tabs) and ends the others', async () => {
  const mine = await api.signIn();
  const other = await api.signIn();
  const { user, store } = open({ session: { restored: true, user: { ...mine, username: TEST_ADMIN.username } } });
  await screen.findByRole('heading', { name: 'Cambiar contraseña' });
  await user.type(field('Contraseña actual'), TEST_ADMIN.password);
  await user.type(field('Nueva contraseña'), NEW_PASSWORD);
  await user.type(field('Repetir nueva contraseña'), NEW_PASSWORD);
  // Shown as typed, for those who want to check it.
  await user.click(screen.getByRole('checkbox', { name: 'Mostrar contraseñas' }));
  expect(field('Nueva contraseña')).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

  // Four slow hashes (the check, the new one, and the throttle's): give a busy machine its time.
  expect(await screen.findByText('Contraseña cambiada. Las demás sesiones se han cerrado.', {}, { timeout: 12_000 })).toBeInTheDocument();
  expect(field('Nueva contraseña')).toHaveValue('');
  const fresh = selectUser(store.getState())!;
  expect(fresh.access).not.toBe(mine.access);
  expect(fresh.refresh).not.toBe(mine.refresh);
  expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ access: fresh.access, refresh: fresh.refresh });
  // This session goes on; the other sign-in's tokens stop working at once.
  expect((await api.request('GET', '/api/account/', { token: fresh.access })).status).toBe(200);
  expect((await api.request('GET', '/api/account/', { token: other.access })).status).toBe(401);
  expect((await api.request('POST', '/api/token/refresh/', { json: { refresh: other.refresh }, token: null })).status).toBe(401);
});

test('Sesiones abiertas marks this one, and closing another ends it on the server', async () => {
  const mine = await api.signIn();
  const other = await api.signIn();
  const { user } = open({ session: { restored: true, user: { ...mine, username: TEST_ADMIN.username } } });
  const table = await screen.findByRole('table', { name: 'Sesiones abiertas' });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2));
  const rows = within(table).getAllByRole('row').slice(1);
  // This browser's first, marked; nothing to close there but the header's 'Cerrar sesión'.
  expect(within(rows[0]).getByText('Esta sesión')).toBeInTheDocument();
  expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
  expect(rows.filter((row) => within(row).queryByText('Esta sesión'))).toHaveLength(1);

  const before = rows.length;
  await user.click(within(rows[1]).getByRole('button', { name: /^Cerrar sesión: / }));
  await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(before - 1));
  // 'Cerrar las demás sesiones' ends the rest; this one stays.
  await user.click(screen.getByRole('button', { name: 'Cerrar las demás sesiones' }));
  await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1));
  expect(screen.getByRole('button', { name: 'Cerrar las demás sesiones' })).toBeDisabled();
  expect((await api.request('GET', '/api/account/', { token: other.access })).status).toBe(401);
  expect((await api.request('GET', '/api/account/', { token: mine.access })).status).toBe(200);
});

test('the developers’ options are an Administrador’s; an Editor has the rest of Mi cuenta', async () => {
  open();
  expect(await screen.findByRole('heading', { name: 'Opciones para desarrolladores' })).toBeInTheDocument();
  expect(screen.getByText('Administrador')).toBeInTheDocument();
});

test('an Editor’s Mi cuenta has no developers’ options', async () => {
  const editor = await colleague(api, 'editor');
  open(sessionOf(editor));
  expect(await screen.findByText('Editor')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
  expect(await screen.findByRole('table', { name: 'Sesiones abiertas' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Opciones para desarrolladores' })).not.toBeInTheDocument();
});

test('on a site that sends no mail, the address changes when saved, as the form says beforehand', async () => {
  const { user } = open();
  const section = await screen.findByRole('region', { name: 'Correo electrónico' });
  await within(section).findByText('Sin dirección de correo');
  const address = within(section).getByLabelText(/^Nueva dirección de correo/);
  expect(address).toHaveAccessibleDescription(
    /Este sitio no envía correo: la dirección cambia en cuanto la guarde, sin enlace de confirmación\./,
  );
  await user.type(address, 'admin@example.org');
  await user.type(within(section).getByLabelText(/^Contraseña actual/), TEST_ADMIN.password);
  await user.click(within(section).getByRole('button', { name: 'Cambiar dirección' }));

  expect(
    await within(section).findByText('Su dirección de correo es ahora admin@example.org.', {}, { timeout: 12_000 }),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(
      within(section)
        .getAllByRole('definition')
        .map((row) => row.textContent),
    ).toEqual(['admin@example.org']),
  );
  expect((await api.request('GET', '/api/account/')).body).toMatchObject({ email: 'admin@example.org', pending_email: null, mail: false });

  // An empty address removes it, with the password again.
  await user.type(within(section).getByLabelText(/^Contraseña actual/), TEST_ADMIN.password);
  await user.click(within(section).getByRole('button', { name: 'Cambiar dirección' }));
  expect(await within(section).findByText('Su cuenta ya no tiene dirección de correo.', {}, { timeout: 12_000 })).toBeInTheDocument();
  expect(await within(section).findByText('Sin dirección de correo')).toBeInTheDocument();
});
