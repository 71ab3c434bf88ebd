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

describe("a card's event", () => {
  const event = {
    start: '2026-03-12T09:30:00+01:00',
    end: '2026-03-12T13:00:00+01:00',
    all_day: false,
    location: 'Facultad de Educación, Aula Magna',
    online_url: null,
    registration_url: 'https://inscripciones.example.org/seminario',
  };

  test('says when and where, beside a calendar that screen readers skip', () => {
    const { container } = renderWithProviders(<PublicationCard publication={publication({ event, event_upcoming: true })} />);
    const line = container.querySelector('p.card__event');
    expect(line).toHaveTextContent('jueves, 12 de marzo de 2026, 9:30 a 13:00 · Facultad de Educación, Aula Magna');
    expect(line?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(/jueves, 12 de marzo de 2026/)).toBeVisible();
  });

  test("a whole-day event online only says its days and 'En línea'; one without place or link, its days alone", () => {
    const online = {
      ...event,
      start: '2026-05-04',
      end: '2026-05-06',
      all_day: true,
      location: null,
      online_url: 'https://meet.example.org/x',
    };
    const { container, unmount } = renderWithProviders(
      <PublicationCard publication={publication({ event: online, event_upcoming: false })} />,
    );
    expect(container.querySelector('.card__event')).toHaveTextContent(
      'del lunes, 4 de mayo de 2026 al miércoles, 6 de mayo de 2026 · En línea',
    );
    unmount();
    const nowhere = { ...event, location: null, end: null };
    const second = renderWithProviders(<PublicationCard publication={publication({ event: nowhere, event_upcoming: true })} />);
    expect(second.container.querySelector('.card__event')).toHaveTextContent(/^jueves, 12 de marzo de 2026, 9:30$/);
  });

  test('a publication without an event has no event line', () => {
    const { container } = renderWithProviders(<PublicationCard publication={publication()} />);
    expect(container.querySelector('.card__event')).toBeNull();
  });
});
