import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { openUsersPages } from '../../../../test/helpers/admin-pages';
import { colleague, invite, sessionOf, STAFF_PASSWORD, tokenOf } from '../../../../test/helpers/staff-accounts';

// The pages here carry no site settings: a site without mail, as the client tests' servers are (users-mail.test.tsx has one that sends).
const api = withRealApi();

const MAIL_OFF =
  'El sitio no envía correo: los enlaces de invitación y de contraseña solo se muestran aquí, una vez. Para enviarlos por correo, configure SMTP_URL y MAIL_FROM en el servidor.';

const open = (preloadedState = { session: api.session() }, at = '/admin/usuarios') => openUsersPages(at, preloadedState);

const rowOf = async (username: string) => {
  const table = await screen.findByRole('table', { name: 'Usuarios' });
  const cell = await within(table).findByText(username);
  return cell.closest<HTMLElement>('[role="row"]')!;
};

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

test('the table says who, which role, which state and the last access; the admin’s own row offers no way to lock themselves out', async () => {
  const pending = await invite(api, 'editor', 'Ana Pendiente');
  const active = await colleague(api, 'admin');
  open();
  // The panel's shell shows no page before it knows who is signed in (kit/permissions.tsx); shown alone here,
  // the page may list the accounts before its own account's answer is in.
  await screen.findByText('(usted)');
  const own = await rowOf('admin');
  expect(cellsOf(own).slice(0, 4)).toEqual(['admin (usted)Sin correo', expect.any(String), 'Administrador', 'ActivoEnlaces privados: 0']);
  expect(within(own).queryByRole('button', { name: /Desactivar|Cambiar a|correo/ })).not.toBeInTheDocument();
  // Their own address changes in Mi cuenta, with the password and a confirmation.
  expect(within(own).getByRole('link', { name: 'Correo en Mi cuenta' })).toHaveAttribute('href', '/admin/cuenta');
  expect(cellsOf(await rowOf(pending.username))).toEqual([
    `${pending.username}Sin correo`,
    'Ana Pendiente',
    'Editor',
    'Invitación pendienteEnlaces privados: 0',
    'Nunca',
    expect.stringContaining('Nuevo enlace'),
  ]);
  const activeRow = await rowOf(active.username);
  expect(cellsOf(activeRow)[2]).toBe('Administrador');
  expect(cellsOf(activeRow)[4]).not.toBe('Nunca');
  expect(within(activeRow).getByRole('button', { name: `Restablecer contraseña de ${active.username}` })).toBeInTheDocument();
});

test('Nuevo usuario makes the account and shows its link once, whole, to copy; the link works once', async () => {
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
  // The server's refusal is said beside its field.
  await user.type(screen.getByRole('textbox', { name: /^Usuario/ }), 'ADMIN');
  await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: /^Usuario/ })).toHaveAccessibleDescription(/Ya existe un usuario con este nombre\./),
  );

  const username = api.unique('nueva').replace(/\s+/g, '-');
  await user.clear(screen.getByRole('textbox', { name: /^Usuario/ }));
  await user.type(screen.getByRole('textbox', { name: /^Usuario/ }), username);
  await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Nueva Colega');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Rol/ }), 'Editor');
  await user.click(screen.getByRole('button', { name: 'Crear usuario' }));

  const link = await screen.findByRole('textbox', { name: 'Enlace de invitación' });
  const url = (link as HTMLInputElement).value;
  expect(url).toMatch(new RegExp(`^${window.location.origin}/admin/activar#.{22,}$`));
  expect(screen.getByRole('heading', { name: 'Enlace de invitación' })).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
  // No address, no mail.
  expect(screen.queryByText(/También se ha enviado por correo/)).not.toBeInTheDocument();
  expect(cellsOf(await rowOf(username)).slice(0, 4)).toEqual([
    `${username}Sin correo`,
    'Nueva Colega',
    'Editor',
    'Invitación pendienteEnlaces privados: 0',
  ]);
  // What the server made: an Editor without a password, waiting for this very link.
  const accepted = await api.request('POST', '/api/invitations/accept/', {
    json: { token: tokenOf(url), password: STAFF_PASSWORD },
    token: null,
  });
  expect(accepted.status).toBe(200);
  const again = await api.request('POST', '/api/invitations/check/', { json: { token: tokenOf(url) }, token: null });
  expect(again.status).toBe(404);
});

test('Nuevo enlace replaces a pending invitation; the old link stops working', async () => {
  const pending = await invite(api, 'editor');
  const { user } = open();
  await user.click(within(await rowOf(pending.username)).getByRole('button', { name: `Nuevo enlace para ${pending.username}` }));
  const fresh = (await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enlace de invitación' })).value;
  expect(tokenOf(fresh)).not.toBe(tokenOf(pending.url));
  expect((await api.request('POST', '/api/invitations/check/', { json: { token: tokenOf(pending.url) }, token: null })).status).toBe(404);
  expect((await api.request('POST', '/api/invitations/check/', { json: { token: tokenOf(fresh) }, token: null })).status).toBe(200);
});

test('Restablecer contraseña asks first, then ends the person’s sessions and gives a reset link', async () => {
  const person = await colleague(api, 'editor');
  const { user } = open();
  await user.click(within(await rowOf(person.username)).getByRole('button', { name: `Restablecer contraseña de ${person.username}` }));
  const dialog = await screen.findByRole('dialog', { name: '¿Restablecer la contraseña de esta persona?' });
  await user.click(within(dialog).getByRole('button', { name: 'Restablecer contraseña' }));
  const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enlace para restablecer la contraseña' });
  expect((await api.request('POST', '/api/invitations/check/', { json: { token: tokenOf(link.value) }, token: null })).body).toMatchObject({
    username: person.username,
    kind: 'reset',
  });
  expect((await api.request('GET', '/api/account/', { token: person.access })).status).toBe(401);
});

test('Desactivar (confirmed) and Activar; a role change; the person’s tokens follow on their next request', async () => {
  const person = await colleague(api, 'editor');
  const { user } = open();
  await user.click(within(await rowOf(person.username)).getByRole('button', { name: `Desactivar ${person.username}` }));
  const dialog = await screen.findByRole('dialog', { name: '¿Desactivar esta cuenta?' });
  await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
  await waitFor(async () => expect(cellsOf(await rowOf(person.username))[3]).toBe('DesactivadoEnlaces privados: 0'));
  expect((await api.request('GET', '/api/account/', { token: person.access })).status).toBe(401);

  await user.click(within(await rowOf(person.username)).getByRole('button', { name: `Activar ${person.username}` }));
  await waitFor(async () => expect(cellsOf(await rowOf(person.username))[3]).toBe('ActivoEnlaces privados: 0'));

  await user.click(within(await rowOf(person.username)).getByRole('button', { name: `Cambiar a Administrador (${person.username})` }));
  const roleDialog = await screen.findByRole('dialog', { name: '¿Cambiar el rol de esta persona a Administrador?' });
  await user.click(within(roleDialog).getByRole('button', { name: 'Cambiar a Administrador' }));
  await waitFor(async () => expect(cellsOf(await rowOf(person.username))[2]).toBe('Administrador'));
  expect((await api.request('GET', '/api/users/')).body.find((u: { id: number }) => u.id === person.id)).toMatchObject({ role: 'admin' });
});

test('Enlaces privados counts the links a person made; Revocar todos (confirmed) revokes them on the server', async () => {
  const person = await colleague(api, 'editor');
  const publication = await api.create('publications', { title: api.unique('Borrador de Enlaces'), status: 'draft' });
  for (let i = 0; i < 2; i += 1) {
    expect(
      (await api.request('POST', `/api/publications/${publication.id}/preview-links/`, { json: {}, token: person.access })).status,
    ).toBe(201);
  }
  const { user } = open();
  const row = await rowOf(person.username);
  expect(cellsOf(row)[3]).toBe('ActivoEnlaces privados: 2');
  await user.click(within(row).getByRole('button', { name: `Revocar todos los enlaces privados de ${person.username}` }));
  const dialog = await screen.findByRole('dialog', { name: '¿Revocar 2 enlaces privados de esta persona?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revocar todos' }));
  expect(await screen.findByText(`Revocados 2 enlaces privados de ${person.username}.`)).toBeInTheDocument();
  await waitFor(async () => expect(cellsOf(await rowOf(person.username))[3]).toBe('ActivoEnlaces privados: 0'));
  expect(within(await rowOf(person.username)).queryByRole('button', { name: /^Revocar todos/ })).not.toBeInTheDocument();
  expect((await api.request('GET', `/api/publications/${publication.id}/preview-links/`)).body).toEqual([]);
});

test('a refusal of the server is said in its words', async () => {
  const pending = await invite(api, 'editor');
  const { user } = open();
  const row = await rowOf(pending.username);
  // Deactivated by another administrator while this screen still offers a link.
  expect((await api.request('PATCH', `/api/users/${pending.id}/`, { json: { is_active: false } })).status).toBe(200);
  await user.click(within(row).getByRole('button', { name: `Nuevo enlace para ${pending.username}` }));
  expect(await screen.findByText(accountMessages.inactiveAccountLink)).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Enlace de invitación' })).not.toBeInTheDocument();
});

test('an Editor who reaches the list through a stale screen reads the permission sentence', async () => {
  const editor = await colleague(api, 'editor');
  // The data layer logs every refusal (requirements §8).
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  open(sessionOf(editor));
  expect(await screen.findByText('No tiene permiso para realizar esta acción.')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Usuarios' })).not.toBeInTheDocument();
  expect(logged).toHaveBeenCalledWith('Acceso denegado (403): /users/');
  logged.mockRestore();
});

test('without mail the page says so under its heading and offers no Correo; Correo by its address is empty', async () => {
  open();
  await screen.findByRole('table', { name: 'Usuarios' });
  expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === MAIL_OFF)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Correo' })).not.toBeInTheDocument();
});

test('Correo without a message says so, with the line about mail, and leads back to Usuarios', async () => {
  const { user, router } = open(undefined, '/admin/usuarios/correo');
  expect(await screen.findByText('Todavía no se ha enviado ningún correo.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Correo' })).toBeInTheDocument();
  expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === MAIL_OFF)).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Volver a Usuarios' }));
  expect(router.state.location.pathname).toBe('/admin/usuarios');
});

test('Nuevo usuario takes an optional address, checked as the server checks it; a refusal keeps everything typed', async () => {
  const taken = api.unique('tomada').replace(/\s+/g, '-');
  expect(
    (await api.request('POST', '/api/users/', { json: { username: taken, role: 'editor', email: `${taken}@example.org` } })).status,
  ).toBe(201);
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
  const username = api.unique('con-correo').replace(/\s+/g, '-');
  const usernameField = screen.getByRole('textbox', { name: /^Usuario/ });
  const nameField = screen.getByRole('textbox', { name: /^Nombre/ });
  const emailField = screen.getByRole('textbox', { name: /^Correo electrónico/ });
  await user.type(usernameField, username);
  await user.type(nameField, 'Persona Con Correo');
  await user.type(emailField, 'persona@');
  await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
  // The domain's rule, in the browser: nothing was sent.
  await waitFor(() => expect(emailField).toHaveAccessibleDescription(new RegExp(messages.invalidEmail)));
  expect((await api.requests()).filter((request) => request.method === 'POST')).toEqual([]);

  // Another account has this address, written otherwise: the server's refusal, at the field.
  await user.clear(emailField);
  await user.type(emailField, `${taken.toUpperCase()}@Example.ORG`);
  await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
  await waitFor(() => expect(emailField).toHaveAccessibleDescription(new RegExp(accountMessages.emailTaken)));
  expect(usernameField).toHaveValue(username);
  expect(nameField).toHaveValue('Persona Con Correo');
  expect(emailField).toHaveValue(`${taken.toUpperCase()}@Example.ORG`);

  await user.clear(emailField);
  await user.type(emailField, `${username}@example.org`);
  await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
  expect(await screen.findByRole('textbox', { name: 'Enlace de invitación' })).toBeInTheDocument();
  // The site sends no mail: the link is the only way, and nothing says otherwise.
  expect(screen.queryByText(/También se ha enviado por correo/)).not.toBeInTheDocument();
  expect(cellsOf(await rowOf(username)).slice(0, 2)).toEqual([`${username}${username}@example.org`, 'Persona Con Correo']);
  const stored = (await api.request('GET', '/api/users/')).body.find((account: { username: string }) => account.username === username);
  expect(stored).toMatchObject({ email: `${username}@example.org` });
});

test('Añadir correo and Cambiar correo set, change and remove an address; a taken one is refused at the field and stays typed', async () => {
  const person = await invite(api, 'editor');
  const taken = `${api.unique('ocupada').replace(/\s+/g, '-')}@example.org`;
  expect((await api.request('POST', '/api/users/', { json: { username: taken, role: 'editor', email: taken } })).status).toBe(201);
  const { user } = open();
  await user.click(within(await rowOf(person.username)).getByRole('button', { name: `Añadir correo de ${person.username}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Añadir un correo electrónico' });
  const field = within(dialog).getByRole('textbox', { name: /^Correo electrónico/ });
  expect(field).toHaveFocus();
  await user.type(field, taken.toUpperCase());
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(field).toHaveAccessibleDescription(new RegExp(accountMessages.emailTaken)));
  expect(field).toHaveValue(taken.toUpperCase());
  expect(dialog).toHaveAttribute('open');

  await user.clear(field);
  await user.type(field, `${person.username}@example.org`);
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  expect(await screen.findByText(`El correo de ${person.username} es ahora ${person.username}@example.org.`)).toBeInTheDocument();
  expect(dialog).not.toHaveAttribute('open');
  await waitFor(async () => expect(cellsOf(await rowOf(person.username))[0]).toBe(`${person.username}${person.username}@example.org`));
  const change = within(await rowOf(person.username)).getByRole('button', { name: `Cambiar correo de ${person.username}` });
  expect(change).toHaveFocus();

  // Emptied: the account has no address any more.
  await user.click(change);
  const again = await screen.findByRole('dialog', { name: 'Cambiar el correo electrónico' });
  const current = within(again).getByRole('textbox', { name: /^Correo electrónico/ });
  expect(current).toHaveValue(`${person.username}@example.org`);
  await user.clear(current);
  await user.click(within(again).getByRole('button', { name: 'Guardar' }));
  await waitFor(async () => expect(cellsOf(await rowOf(person.username))[0]).toBe(`${person.username}Sin correo`));
  const stored = (await api.request('GET', '/api/users/')).body.find((account: { id: number }) => account.id === person.id);
  expect(stored).toMatchObject({ email: null });
});
