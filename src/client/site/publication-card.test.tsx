import { screen } from '@testing-library/react';
import type { PublicPublication } from '@/domain/entities';
import { PublicationCard } from './publication-card';
import { renderWithProviders } from '../../../test/helpers/render-with-providers';

const LONG =
  'La convivencia escolar se construye cada día en el aula, en el patio y en las familias; este curso proponemos veinte actividades nuevas.';

const publication = (overrides: Partial<PublicPublication> = {}): PublicPublication => ({
  id: 42,
  title: 'Jornada de puertas abiertas',
  section_title: 'Noticias',
  section_slug: 'noticias',
  status: 'published',
  featured_image: '/media/images/jornada.jpg',
  featured_image_focus: null,
  is_featured: false,
  publish_date: '2026-11-10',
  event: null,
  event_upcoming: null,
  order: 1,
  layout: [
    { id: 'r1', cells: [{ id: 'c1', type: 'image', content: '/media/images/otra.jpg' }] },
    {
      id: 'r2',
      cells: [
        {
          id: 'c2',
          type: 'text',
          content: `<p><strong>La convivencia</strong> escolar se construye cada día en el aula, en el patio y en las familias; este curso proponemos veinte actividades nuevas.</p>`,
        },
      ],
    },
  ],
  ...overrides,
});

test('shows the title as a link to /{sectionSlug}/{id}, the date in long Spanish and the image', () => {
  renderWithProviders(<PublicationCard publication={publication()} />);
  expect(screen.getByRole('heading', { level: 2, name: 'Jornada de puertas abiertas' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Jornada de puertas abiertas' })).toHaveAttribute('href', '/noticias/42');
  expect(screen.getByText('10 de noviembre de 2026')).toHaveAttribute('datetime', '2026-11-10');
  expect(document.querySelector('img')).toHaveAttribute('src', '/media/images/jornada.jpg');
});

test('the excerpt is the first text cell without tags, cut at 100 characters plus "..."', () => {
  renderWithProviders(<PublicationCard publication={publication()} />);
  expect(screen.getByText(`${LONG.slice(0, 100)}...`)).toBeInTheDocument();
});

test('a short text still ends with "..."; no text means no excerpt; no date means no date', () => {
  const { unmount } = renderWithProviders(
    <PublicationCard publication={publication({ layout: [{ id: 'r', cells: [{ id: 'c', type: 'text', content: '<p>Breve</p>' }] }] })} />,
  );
  expect(screen.getByText('Breve...')).toBeInTheDocument();
  unmount();
  const { container } = renderWithProviders(
    <PublicationCard publication={publication({ layout: [], publish_date: null, featured_image: null })} />,
  );
  expect(container.querySelector('.card__excerpt')).toBeNull();
  expect(container.querySelector('time')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
});
