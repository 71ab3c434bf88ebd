import { screen, within } from '@testing-library/react';
import type { Section } from '@/domain/entities';
import { renderRoutes } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { PublicationDetailPage } from './publication-detail-page';

const api = withRealApi();
let noticias: Section;
beforeAll(async () => {
  noticias = await api.create('sections', { title: 'Noticias' });
});

const open = (id: number) =>
  renderRoutes(
    [
      {
        path: '/admin/publications/:id',
        element: (
          <NoticesProvider>
            <PublicationDetailPage />
          </NoticesProvider>
        ),
      },
    ],
    { initialEntries: [`/admin/publications/${id}`], preloadedState: { session: api.session() } },
  );

const publicPageRow = async () => {
  const term = await screen.findByText('Página pública');
  return term.nextElementSibling as HTMLElement;
};

test("'Ver en el sitio' only for what visitors see today; a draft or a scheduled one offers 'Vista previa' instead", async () => {
  const scheduled = await api.create('publications', { section_id: noticias.id, title: 'Para marzo', publish_date: '2030-03-05' });
  open(scheduled.id);
  const row = await publicPageRow();
  expect(within(row).queryByRole('link', { name: 'Ver en el sitio' })).not.toBeInTheDocument();
  expect(row).toHaveTextContent('No es pública hoy: véala con «Vista previa».');
  expect(screen.getByRole('button', { name: 'Vista previa' })).toBeInTheDocument();
});

test('a publication visitors see today links to its page', async () => {
  const out = await api.create('publications', { section_id: noticias.id, title: 'Ya publicada', publish_date: '2026-01-15' });
  open(out.id);
  const row = await publicPageRow();
  expect(within(row).getByRole('link', { name: 'Ver en el sitio' })).toHaveAttribute('href', `/${noticias.slug}/${out.id}`);
});
