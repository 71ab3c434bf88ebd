import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@/domain/messages';
import type { Section } from '@/domain/entities';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationFormPage } from './publication-form-page';

/** The publication form's 'Evento' panel against the real server (docs/decisions/197). */

const routes = [
  { path: '/admin/publications', element: <h1>Lista de publicaciones</h1> },
  { path: '/admin/publications/edit/:id', element: <PublicationFormPage /> },
].map((route) => ({ ...route, element: <NoticesProvider>{route.element}</NoticesProvider> }));

const api = withRealApi();
let section: Section;
beforeAll(async () => {
  section = await api.create('sections', { title: 'Congresos de prueba' });
});

const open = (id: number) =>
  renderRoutes(routes, { initialEntries: [`/admin/publications/edit/${id}`], preloadedState: { session: api.session() } });
const stored = async (id: number) => (await api.request('GET', `/api/publications/${id}/`)).body;
const setValue = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('an event typed in the panel is stored, answered with the site zone offset of its day', async () => {
  const publication = await api.create('publications', { section_id: section.id, title: api.unique('Congreso') });
  const { user } = open(publication.id);
  const toggle = await screen.findByRole('checkbox', { name: 'Esta publicación anuncia un evento' });
  expect(toggle).not.toBeChecked();
  expect(screen.queryByLabelText(/^Inicio/)).toBeNull();

  await user.click(toggle);
  setValue(/^Inicio/, '2026-03-29');
  setValue(/^Hora de inicio/, '10:00');
  setValue(/^Hora de fin/, '13:30');
  await user.type(screen.getByRole('textbox', { name: /^Lugar/ }), 'Facultad de Educación, Aula Magna');
  await user.type(screen.getByRole('textbox', { name: /^Inscripción/ }), 'https://inscripciones.example.org');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  expect((await stored(publication.id)).event).toEqual({
    start: '2026-03-29T10:00:00+02:00',
    end: '2026-03-29T13:30:00+02:00',
    all_day: false,
    location: 'Facultad de Educación, Aula Magna',
    online_url: null,
    registration_url: 'https://inscripciones.example.org',
  });
});

test('an end before the start is refused before sending, on the field, and nothing is saved', async () => {
  const publication = await api.create('publications', { section_id: section.id, title: api.unique('Jornada') });
  const { user } = open(publication.id);
  await user.click(await screen.findByRole('checkbox', { name: 'Esta publicación anuncia un evento' }));
  await user.click(screen.getByRole('checkbox', { name: 'Dura días enteros' }));
  expect(screen.queryByLabelText(/^Hora de inicio/)).toBeNull();
  setValue(/^Inicio/, '2026-05-06');
  setValue(/^Fin/, '2026-05-04');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  const end = screen.getByLabelText(/^Fin/);
  await waitFor(() => expect(end).toHaveAccessibleDescription(expect.stringContaining(messages.eventEndBeforeStart)));
  expect(screen.getByText('Revise los campos marcados.')).toBeVisible();
  expect((await stored(publication.id)).event).toBeNull();
});

test("a time the clocks skip is refused by the server, on 'Inicio'", async () => {
  const publication = await api.create('publications', { section_id: section.id, title: api.unique('Seminario') });
  const { user } = open(publication.id);
  await user.click(await screen.findByRole('checkbox', { name: 'Esta publicación anuncia un evento' }));
  setValue(/^Inicio/, '2026-03-29');
  setValue(/^Hora de inicio/, '02:30');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  const start = screen.getByLabelText(/^Inicio/);
  await waitFor(() => expect(start).toHaveAccessibleDescription(expect.stringContaining(messages.eventTimeSkipped)));
  expect((await stored(publication.id)).event).toBeNull();
});

test('a stored event fills the panel, and unticking it removes the event', async () => {
  const publication = await api.create('publications', {
    section_id: section.id,
    title: api.unique('Defensa'),
    event: { start: '2026-06-10T17:00', location: 'Sala de grados' },
  });
  const { user } = open(publication.id);
  const toggle = await screen.findByRole('checkbox', { name: 'Esta publicación anuncia un evento' });
  expect(toggle).toBeChecked();
  expect(screen.getByLabelText(/^Inicio/)).toHaveValue('2026-06-10');
  expect(screen.getByLabelText(/^Hora de inicio/)).toHaveValue('17:00');
  expect(screen.getByRole('textbox', { name: /^Lugar/ })).toHaveValue('Sala de grados');
  await user.click(toggle);
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
  expect(await screen.findByRole('heading', { name: 'Lista de publicaciones' })).toBeVisible();
  expect((await stored(publication.id)).event).toBeNull();
});
