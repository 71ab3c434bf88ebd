import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@/domain/messages';
import { siteSettingsMessages } from '@/domain/site-settings';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { SiteSettingsPage } from './site-settings-page';

/** 'Ajustes del sitio' against the real server (docs/decisions/199): a server of its own per test, the settings being one. */

const api = withRealApi({ per: 'test' });

const open = () =>
  renderRoutes(
    [
      {
        path: '/admin/ajustes',
        element: (
          <NoticesProvider>
            <SiteSettingsPage />
          </NoticesProvider>
        ),
      },
    ],
    { initialEntries: ['/admin/ajustes'], preloadedState: { session: api.session() } },
  );
const stored = async () => (await api.request('GET', '/api/settings/')).body;
const group = (name: string) => screen.getByRole('group', { name });
const patches = async () => (await api.requests()).filter((request) => request.method === 'PATCH');

test('the settings load into groups with legends; what is typed is saved, the notice says so', async () => {
  const { user } = open();
  const name = await screen.findByRole('textbox', { name: /^Nombre del grupo/ });
  expect(name).toHaveValue('GIESE');
  expect(name).toBeRequired();
  for (const legend of ['Contacto', 'Datos del programa', 'Plazo de admisión', 'Redes sociales', 'Grupo de investigación']) {
    expect(group(legend)).toBeInTheDocument();
  }
  expect(screen.getByText(/Aún nadie los ha guardado/)).toBeInTheDocument();

  const contact = group('Contacto');
  await user.type(within(contact).getByRole('textbox', { name: /^Correo de contacto/ }), 'master@example.org');
  await user.type(within(contact).getByRole('textbox', { name: /^Teléfono/ }), '+34 910 000 000');
  await user.type(within(group('Datos del programa')).getByRole('spinbutton', { name: /^Créditos ECTS/ }), '60');
  await user.selectOptions(within(group('Datos del programa')).getByRole('combobox', { name: 'Modalidad' }), 'En línea');
  const youtube = within(group('Redes sociales')).getByRole('textbox', { name: 'YouTube' });
  await user.clear(youtube);
  await user.type(youtube, 'https://www.youtube.com/@master');
  await user.clear(within(group('Redes sociales')).getByRole('textbox', { name: 'X' }));
  await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));

  expect(await screen.findByText(siteSettingsMessages.saved)).toBeInTheDocument();
  expect(await stored()).toMatchObject({
    contact_email: 'master@example.org',
    contact_phone: '+34 910 000 000',
    ects_credits: 60,
    modality: 'en-linea',
    social_links: { youtube: 'https://www.youtube.com/@master', x: '', facebook: 'https://www.facebook.com/' },
    research_group_name: 'GIESE',
    updated_by: 'admin',
  });
  // Only what changed was sent.
  const [sent] = await patches();
  expect(Object.keys(JSON.parse(sent.body ?? '{}')).sort()).toEqual([
    'contact_email',
    'contact_phone',
    'ects_credits',
    'modality',
    'social_links',
  ]);
  expect(screen.getByText(/Guardados por última vez el .* por admin\./)).toBeInTheDocument();
});

test('a link that is no http(s) address nor a path of the site is refused before sending, on its field, in Spanish', async () => {
  const { user } = open();
  const apply = await screen.findByRole('textbox', { name: /^Enlace 'Cómo inscribirse'/ });
  await user.type(apply, 'javascript:alert(1)');
  const email = screen.getByRole('textbox', { name: /^Correo de contacto/ });
  await user.type(email, 'master@');
  await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));

  await waitFor(() => expect(apply).toHaveAccessibleDescription(expect.stringContaining(siteSettingsMessages.invalidLink)));
  expect(apply).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription(expect.stringContaining(messages.invalidEmail));
  expect(screen.getByRole('alert')).toHaveTextContent('Revise los campos marcados.');
  expect(await patches()).toEqual([]);
  // What was typed stays.
  expect(apply).toHaveValue('javascript:alert(1)');
});

test("what only the server can tell (a colleague's opening saved meanwhile) is said at its field, and the typing stays", async () => {
  const { user } = open();
  const closes = await screen.findByLabelText(/^Cierre del plazo/);
  // Saved by someone else after this form loaded.
  expect(
    (await api.request('PATCH', '/api/settings/', { json: { admission_opens: '2031-03-01', admission_closes: '2031-06-30' } })).status,
  ).toBe(200);
  await user.type(closes, '2031-02-15');
  await user.type(screen.getByRole('textbox', { name: /^Idioma/ }), 'Español');
  await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));

  await waitFor(() => expect(closes).toHaveAccessibleDescription(expect.stringContaining(siteSettingsMessages.closesBeforeOpens)));
  expect(screen.getByRole('alert')).toHaveTextContent(siteSettingsMessages.saveFailed);
  expect(closes).toHaveValue('2031-02-15');
  expect(screen.getByRole('textbox', { name: /^Idioma/ })).toHaveValue('Español');
  expect(await stored()).toMatchObject({ admission_closes: '2031-06-30', language: '' });
});
