import { screen, waitFor, within } from '@testing-library/react';
import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { openAccountPage } from '../../../../test/helpers/admin-pages';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { TEST_ADMIN } from '../../../../test/helpers/api-server-constants';

// A site that sends mail: a new address waits for the link written to the server's outbox.
// A request ends pending changes and may take addresses: each test has a server of its own.
const api = withRealApi({ per: 'test', mail: 'unsent' });

beforeEach(() => localStorage.clear());

const open = () => openAccountPage({ session: api.session() });

/** 'Correo electrónico' of Mi cuenta, once the account has loaded. */
async function emailSection() {
  const section = await screen.findByRole('region', { name: 'Correo electrónico' });
  await within(section).findByText('Sin dirección de correo');
  return section;
}

const posts = async () => (await api.requests()).filter((request) => request.method === 'POST');

test('an address that is not one, and a missing password, are said at their fields before any request', async () => {
  const { user } = open();
  const section = await emailSection();
  const address = within(section).getByLabelText(/^Nueva dirección de correo/);
  const password = within(section).getByLabelText(/^Contraseña actual/);
  // Said before anything is typed: a link will be sent, and how to remove the address.
  expect(address).toHaveAccessibleDescription(/Le enviaremos un enlace a la dirección nueva; cambiará cuando lo abra\./);
  expect(address).toHaveAttribute('type', 'email');
  expect(address).toHaveAttribute('autocomplete', 'email');
  expect(password).toHaveAttribute('autocomplete', 'current-password');

  await user.type(address, 'sin-arroba');
  await user.click(within(section).getByRole('button', { name: 'Cambiar dirección' }));
  expect(address).toHaveAccessibleDescription(new RegExp(messages.invalidEmail));
  expect(password).toHaveAccessibleDescription(/Este campo es obligatorio\./);
  // With no address to remove, an empty one is asked for too.
  await user.clear(address);
  await user.click(within(section).getByRole('button', { name: 'Cambiar dirección' }));
  expect(address).toHaveAccessibleDescription(new RegExp(messages.required));
  expect(await posts()).toHaveLength(0);
});

test('the server’s refusals go beside their fields, and what was typed stays', async () => {
  await api.request('POST', '/api/users/', {
    json: { username: api.unique('ocupa').replace(' ', '-'), role: 'editor', email: 'ocupada@example.org' },
  });
  const { user } = open();
  const section = await emailSection();
  const address = within(section).getByLabelText(/^Nueva dirección de correo/);
  const password = within(section).getByLabelText(/^Contraseña actual/);

  await user.type(address, 'mia@example.org');
  await user.type(password, 'no es la contraseña');
  await user.click(within(section).getByRole('button', { name: 'Cambiar dirección' }));
  await waitFor(() => expect(password).toHaveAccessibleDescription(/La contraseña actual no es correcta\./));
  expect(password).toHaveFocus();
  expect(address).toHaveValue('mia@example.org');
  expect(password).toHaveValue('no es la contraseña');

  await user.clear(address);
  await user.type(address, 'Ocupada@example.org');
  await user.clear(password);
  await user.type(password, TEST_ADMIN.password);
  await user.click(within(section).getByRole('button', { name: 'Cambiar dirección' }));
  await waitFor(() => expect(address).toHaveAccessibleDescription(new RegExp(accountMessages.emailTaken)));
  expect(address).toHaveValue('Ocupada@example.org');
  expect((await api.request('GET', '/api/account/')).body).toMatchObject({ email: '', pending_email: null });
});

test('a new address waits for its link: the page says where it went and shows it pending until then', async () => {
  const { user } = open();
  const section = await emailSection();
  await user.type(within(section).getByLabelText(/^Nueva dirección de correo/), 'nueva@example.org');
  await user.type(within(section).getByLabelText(/^Contraseña actual/), TEST_ADMIN.password);
  await user.click(within(section).getByRole('button', { name: 'Cambiar dirección' }));

  // The password check is a slow hash: give a busy machine its time.
  expect(
    await within(section).findByText(
      'Le hemos enviado un enlace a nueva@example.org. La dirección cambiará cuando lo abra.',
      {},
      { timeout: 12_000 },
    ),
  ).toHaveAttribute('role', 'status');
  expect(within(section).getByLabelText(/^Nueva dirección de correo/)).toHaveValue('');
  expect(within(section).getByLabelText(/^Contraseña actual/)).toHaveValue('');
  // Still the old address (none), the new one pending.
  await waitFor(() =>
    expect(
      within(section)
        .getAllByRole('definition')
        .map((row) => row.textContent),
    ).toEqual(['Sin dirección de correo', 'nueva@example.org']),
  );
  expect(within(section).getByText('Por confirmar')).toBeInTheDocument();

  const [mail] = await api.outbox();
  expect(mail).toMatchObject({ kind: 'email-confirm', to: 'nueva@example.org', subject: 'Confirme su nueva dirección de correo' });
  expect(mail.text).toMatch(/https:\/\/master\.example\.org\/admin\/confirmar-correo#[A-Za-z0-9_-]{43}/);
  expect((await api.request('GET', '/api/account/')).body).toMatchObject({ email: '', pending_email: 'nueva@example.org' });
});
