import '../../../test/helpers/dialog-polyfill';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { BiographyListPage } from './biographies/biography-list-page';
import { NoticesProvider } from './kit/notices';
import { SectionListPage } from './sections/section-list-page';

const api = withRealApi();

const open = (path: string, element: React.ReactElement) =>
  renderRoutes([{ path, element: <NoticesProvider>{element}</NoticesProvider> }], {
    initialEntries: [path],
    preloadedState: { session: api.session() },
  });

test('a section with one publication is deleted "con su publicación", in the singular, and the server moves both to the Papelera', async () => {
  const section = await api.create('sections', { title: api.unique('Jornadas') });
  const publication = await api.create('publications', { section_id: section.id, title: api.unique('Única') });
  const { user } = open('/admin/sections', <SectionListPage />);
  await user.click(await screen.findByRole('button', { name: `Eliminar ${section.title}` }));
  await user.click(
    within(screen.getByRole('dialog', { name: '¿Estás seguro de eliminar esta sección?' })).getByRole('button', { name: 'Eliminar' }),
  );

  const second = await screen.findByRole('dialog', { name: `La sección «${section.title}» contiene 1 publicación.` });
  expect(second).toHaveAccessibleDescription('Pasará a la Papelera junto con la sección; desde allí podrá restaurarlas juntas.');
  await user.click(within(second).getByRole('button', { name: 'Eliminar con su publicación' }));
  expect(await screen.findByText(`Sección «${section.title}» y su publicación movidas a la Papelera`)).toBeVisible();
  expect((await api.request('GET', `/api/publications/${publication.id}/`)).status).toBe(404);
  const trash = (await api.request('GET', '/api/trash/?all=true')).body.results as {
    kind: string;
    item_id: number;
    publications: number;
  }[];
  expect(trash.find((entry) => entry.kind === 'section' && entry.item_id === section.id)).toMatchObject({ publications: 1 });
});

test('the biography delete dialog says the biography goes to the Papelera', async () => {
  const biography = await api.create('biographies', { name: api.unique('Ana'), position: 'Docente', biography: 'Texto.' });
  const { user } = open('/admin/biographies', <BiographyListPage />);
  await user.click(await screen.findByRole('button', { name: `Eliminar ${biography.name}` }));
  // requirements §5's question, word for word; what follows it, in the panel's usted.
  const dialog = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar esta biografía?' });
  expect(dialog).toHaveAccessibleDescription(`${biography.name} La biografía irá a la Papelera; desde allí podrá restaurarla.`);
});
