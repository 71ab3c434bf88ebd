import { fireEvent, screen } from '@testing-library/react';
import { FIELD_LIMITS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationFormPage } from './publication-form-page';

const api = withRealApi();

beforeEach(() => {
  // jsdom has no object URLs; the image preview only needs an address.
  URL.createObjectURL = jest.fn(() => 'blob:vista-previa');
  URL.revokeObjectURL = jest.fn();
});

const routes = [
  { path: '/admin/publications', element: <h1>Lista de publicaciones</h1> },
  { path: '/admin/publications/new', element: <PublicationFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

test('a title too long is told as such: the banner does not ask to complete the required fields', async () => {
  const section = await api.create('sections', { title: api.unique('Noticias') });
  const { user } = renderRoutes(routes, { initialEntries: ['/admin/publications/new'], preloadedState: { session: api.session() } });
  const title = await screen.findByRole('textbox', { name: /^Título/ });
  await screen.findByRole('option', { name: section.title });
  // A value longer than maxlength lets through (one put there by a script, a draft, an older form).
  fireEvent.change(title, { target: { value: 'x'.repeat(FIELD_LIMITS.publicationTitle + 1) } });
  await user.selectOptions(screen.getByRole('combobox', { name: /^Sección/ }), section.title);
  fireEvent.change(screen.getByLabelText(/^Fecha de publicación/), { target: { value: '2026-01-15' } });
  // The featured image is the one field left empty: first, the reminder of the required fields.
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));
  expect(await screen.findByText(messages.completeRequiredFields)).toBeVisible();

  await user.upload(screen.getByLabelText(/^Imagen destacada/), new File([await api.image('png')], 'portada.png', { type: 'image/png' }));
  await user.click(screen.getByRole('button', { name: 'Crear publicación' }));
  expect(await screen.findByText('Revise los campos marcados.')).toBeVisible();
  expect(screen.queryByText(messages.completeRequiredFields)).not.toBeInTheDocument();
  expect(title).toHaveAccessibleDescription(expect.stringContaining(messages.tooLong(FIELD_LIMITS.publicationTitle)));
  expect((await api.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
}, 20_000);
