import '../../../../test/helpers/dialog-polyfill';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { colleague, sessionOf } from '../../../../test/helpers/staff-accounts';
import { NoticesProvider } from '../kit/notices';
import { PreviewLinksPanel } from './preview-links-panel';

const api = withRealApi();

function open(publicationId: number, preloadedState = { session: api.session() }) {
  return renderRoutes(
    [
      {
        path: '/admin/publications/:id',
        element: (
          <NoticesProvider>
            <PreviewLinksPanel publicationId={publicationId} />
          </NoticesProvider>
        ),
      },
    ],
    { initialEntries: [`/admin/publications/${publicationId}`], preloadedState },
  );
}

const makeLink = async (publicationId: number, token?: string) => {
  const reply = await api.request('POST', `/api/publications/${publicationId}/preview-links/`, { json: {}, ...(token && { token }) });
  expect(reply.status).toBe(201);
  return reply.body as { id: number; url: string };
};

test('an Editor is offered "Revocar enlace" on their own links only; a new link is shown once, with "Copiar enlace"', async () => {
  const publication = await api.create('publications', { title: api.unique('Borrador compartido'), status: 'draft' });
  const editor = await colleague(api, 'editor');
  await makeLink(publication.id);
  await makeLink(publication.id, editor.access);
  open(publication.id, sessionOf(editor));

  const table = await screen.findByRole('table', { name: 'Enlaces privados' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  const revokeButtons = within(table).getAllByRole('button', { name: /^Revocar enlace/ });
  expect(revokeButtons).toHaveLength(1);
  expect(rows[0]).toContainElement(revokeButtons[0]);
  expect(rows[1]).toHaveTextContent('admin');
  for (const row of rows) expect(row).toHaveTextContent(/Caduca el \d{1,2} [a-z]{3,4}\.? \d{4}/);

  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Caducidad'), '14');
  await user.click(screen.getByRole('button', { name: 'Crear enlace privado' }));
  const shown = await screen.findByLabelText('Enlace privado');
  expect((shown as HTMLInputElement).value).toMatch(/\/vista-previa\/[A-Za-z0-9_-]{43}$/);
  expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Enlaces privados' })).getAllByRole('row')).toHaveLength(4));

  // Revoked: the list drops it, and the address shown with it goes too.
  const own = within(screen.getByRole('table', { name: 'Enlaces privados' })).getAllByRole('button', { name: /^Revocar enlace/ });
  expect(own).toHaveLength(2);
  await user.click(own[0]);
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revocar enlace' }));
  await waitFor(() => expect(screen.queryByLabelText('Enlace privado')).not.toBeInTheDocument());
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Enlaces privados' })).getAllByRole('row')).toHaveLength(3));
  expect(await screen.findByText('Enlace revocado.')).toBeInTheDocument();
});
