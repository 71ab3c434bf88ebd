import '../../../../test/helpers/dialog-polyfill';
import { screen, within } from '@testing-library/react';
import { SITE_NAME } from '@/domain/catalogue';
import { eventually } from '../../../../test/helpers/eventually';
import { withRealApi, type RealApi } from '../../../../test/helpers/real-api-server';
import { openUsersPages } from '../../../../test/helpers/admin-pages';
import { colleague, sessionOf, tokenOf } from '../../../../test/helpers/staff-accounts';
import { CORREO_REFRESH_MS } from './mail-page';

/**
 * Usuarios and Correo on a site that sends mail (docs/decisions/205): the
 * server of these tests mails through an SMTP server of its own, and the page
 * carries the settings that say so, as the server writes them into admin.html.
 */

let settings: HTMLScriptElement;
beforeAll(() => {
  settings = document.createElement('script');
  settings.id = 'site-settings';
  settings.type = 'application/json';
  settings.textContent = JSON.stringify({ mail: true });
  document.head.append(settings);
});
afterAll(() => settings.remove());

const open = (api: RealApi, at = '/admin/usuarios', preloadedState = { session: api.session() }) => openUsersPages(at, preloadedState);

interface Listed {
  recipient: string;
  status: string;
  last_error: string | null;
}

/** The outbox's message to `recipient` once `done` says it is there as wanted: the outbox works on its own time. */
const messageTo = (api: RealApi, recipient: string, done: (message: Listed) => boolean) =>
  eventually(async () => {
    const listed = (await api.request('GET', '/api/outbox/?page_size=1000')).body.results as Listed[];
    const message = listed.find((candidate) => candidate.recipient === recipient);
    if (!message || !done(message)) throw new Error(`not yet: ${JSON.stringify(message)}`);
    return message;
  }, 20_000);

const username = (api: RealApi, prefix: string) => api.unique(prefix).replace(/\s+/g, '-');

/** The Correo table's rows, as their cells read, from the newest. */
const correoRows = async () => {
  const table = await screen.findByRole('table', { name: 'Correo' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
};

describe('a site whose mail goes out', () => {
  const api = withRealApi({ mail: 'accept' });

  test('a new account’s link, and a new one, say where they were also mailed; an account without an address gets no such line', async () => {
    const { user } = open(api);
    await screen.findByRole('table', { name: 'Usuarios' });
    expect(screen.queryByText(/El sitio no envía correo/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    expect(screen.getByText(/si indica su correo electrónico, también se le enviará/)).toBeInTheDocument();
    const name = username(api, 'lucia');
    await user.type(screen.getByRole('textbox', { name: /^Usuario/ }), name);
    await user.type(screen.getByRole('textbox', { name: /^Correo electrónico/ }), ` ${name}@Example.org `);
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    // The link is still shown once, for a colleague who does not read that mail.
    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enlace de invitación' });
    expect(link.value).toMatch(/\/admin\/activar#.{22,}$/);
    expect(screen.getByText(`También se ha enviado por correo a ${name}@Example.org.`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hecho' }));
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const row = (await within(table).findByText(name)).closest<HTMLElement>('[role="row"]')!;
    await user.click(within(row).getByRole('button', { name: `Nuevo enlace para ${name}` }));
    expect(await screen.findByText(`También se ha enviado por correo a ${name}@Example.org.`)).toBeInTheDocument();

    const without = username(api, 'sin-direccion');
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    await user.type(screen.getByRole('textbox', { name: /^Usuario/ }), without);
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText((_, element) => element?.tagName === 'STRONG' && element.textContent === without)).toBeInTheDocument();
    expect(screen.queryByText(/También se ha enviado por correo/)).not.toBeInTheDocument();
  });

  test('Usuarios leads to Correo, which lists the mail newest first: to whom, what, when and how it went, never the link', async () => {
    const name = username(api, 'marta');
    const made = await api.request('POST', '/api/users/', { json: { username: name, role: 'editor', email: `${name}@example.org` } });
    expect(made.body.invitation.mailed_to).toBe(`${name}@example.org`);
    await messageTo(api, `${name}@example.org`, (message) => message.status === 'sent');
    const late = `${username(api, 'tarde')}@example.org`;
    await api.writeExpiredMail(late);
    await messageTo(api, late, (message) => message.status === 'failed');

    const { user, router } = open(api);
    await user.click(await screen.findByRole('link', { name: 'Correo' }));
    expect(router.state.location.pathname).toBe('/admin/usuarios/correo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Correo' })).toBeInTheDocument();
    const rows = await correoRows();
    const failed = rows.findIndex((cells) => cells[0] === late);
    const sent = rows.findIndex((cells) => cells[0] === `${name}@example.org`);
    expect(failed).toBeGreaterThanOrEqual(0);
    expect(sent).toBeGreaterThan(failed);
    expect(rows[failed]).toEqual([
      late,
      'Contraseña olvidada«Elija una contraseña nueva»',
      expect.stringMatching(/\d{4}/),
      'FallidoMotivo: El enlace caducó antes de poder enviarse.',
    ]);
    expect(rows[sent]).toEqual([
      `${name}@example.org`,
      `Invitación«Invitación al panel de ${SITE_NAME}»`,
      expect.stringMatching(/\d{4}/),
      expect.stringMatching(/^EnviadoEl \d/),
    ]);
    // Nothing of a message's body reaches the page: no link, no token.
    expect(document.body.textContent).not.toContain('/admin/activar');
    expect(document.body.textContent).not.toContain(tokenOf(made.body.invitation.url));
  });

  test('Correo comes in pages of 25, the page in the address', async () => {
    for (let n = 0; n < 26; n++) await api.writeExpiredMail(`${username(api, 'lote')}@example.org`);
    const { count } = (await api.request('GET', '/api/outbox/')).body as { count: number };
    const { user, router } = open(api, '/admin/usuarios/correo');
    expect(await correoRows()).toHaveLength(25);
    const pager = screen.getByRole('navigation', { name: 'Páginas de Correo' });
    expect(pager).toHaveTextContent(`Página 1 de 2 · ${count} mensajes`);
    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(router.state.location.search).toBe('?page=2');
    await eventually(async () => expect(await correoRows()).toHaveLength(count - 25));
  });

  test('an Editor who reaches Correo reads the permission sentence', async () => {
    const editor = await colleague(api, 'editor');
    // The data layer logs every refusal (requirements §8).
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    open(api, '/admin/usuarios/correo', sessionOf(editor));
    expect(await screen.findByText('No tiene permiso para realizar esta acción.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Correo' })).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('a mail server that refuses', () => {
  const api = withRealApi({ mail: 'refuse' });

  test('a message it refused is pending, with its tries, the next one and the server’s answer', async () => {
    const name = username(api, 'rechazada');
    await api.request('POST', '/api/users/', { json: { username: name, role: 'editor', email: `${name}@example.org` } });
    await messageTo(api, `${name}@example.org`, (message) => message.last_error !== null);
    open(api, '/admin/usuarios/correo');
    const [row] = await correoRows();
    expect(row[0]).toBe(`${name}@example.org`);
    expect(row[3]).toMatch(/^PendienteIntentos: 1 · próximo intento: \d.*Última respuesta del servidor: 550 .*Mailbox unavailable/);
  });

  test('while a message waits, Correo asks again by itself: mail written meanwhile appears without a reload', async () => {
    const first = username(api, 'espera');
    await api.request('POST', '/api/users/', { json: { username: first, role: 'editor', email: `${first}@example.org` } });
    await messageTo(api, `${first}@example.org`, (message) => message.status === 'pending');
    open(api, '/admin/usuarios/correo');
    expect((await correoRows())[0][0]).toBe(`${first}@example.org`);
    const later = username(api, 'despues');
    await api.request('POST', '/api/users/', { json: { username: later, role: 'editor', email: `${later}@example.org` } });
    await eventually(async () => expect((await correoRows())[0][0]).toBe(`${later}@example.org`), CORREO_REFRESH_MS * 3);
  });
});
