import { fireEvent, screen } from '@testing-library/react';
import type { Biography } from '@/domain/entities';
import { BiographyCard, PHOTO_PLACEHOLDER } from './biography-card';
import { renderWithProviders } from '../../../test/helpers/render-with-providers';

const LONG_TEXT = `${'Doctora en Psicología de la Educación. '.repeat(10)}Final de la biografía.`;

const biography = (overrides: Partial<Biography> = {}): Biography => ({
  id: 1,
  name: 'Carmen Ruiz',
  position: 'Directora del Máster',
  biography: LONG_TEXT,
  email: 'carmen@example.org',
  linkedin: 'https://www.example.org/carmen',
  photo: '/media/images/carmen.jpg',
  is_active: true,
  order: 1,
  version: 1,
  created_at: '',
  updated_at: '',
  ...overrides,
});

test("'Leer más' shows the whole biography and 'Leer menos' cuts it again at 250 characters", async () => {
  const { user } = renderWithProviders(<BiographyCard biography={biography()} />);
  expect(screen.queryByText(/Final de la biografía/)).not.toBeInTheDocument();
  const cut = screen.getByText(/^Doctora en Psicología/);
  expect(cut.textContent!.endsWith('...')).toBe(true);
  expect(cut.textContent!.length).toBeLessThanOrEqual(253);

  await user.click(screen.getByRole('button', { name: 'Leer más' }));
  expect(screen.getByText(/Final de la biografía\.$/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Leer menos' })).toHaveAttribute('aria-expanded', 'true');

  await user.click(screen.getByRole('button', { name: 'Leer menos' }));
  expect(screen.queryByText(/Final de la biografía/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Leer más' })).toHaveAttribute('aria-expanded', 'false');
});

test('a short biography is shown whole, without a toggle', () => {
  renderWithProviders(<BiographyCard biography={biography({ biography: 'Breve reseña.' })} />);
  expect(screen.getByText('Breve reseña.')).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('links: email as mailto and a "Web" link to the linkedin field', () => {
  renderWithProviders(<BiographyCard biography={biography()} />);
  expect(screen.getByRole('link', { name: /carmen@example.org/ })).toHaveAttribute('href', 'mailto:carmen@example.org');
  const web = screen.getByRole('link', { name: /^Web de Carmen Ruiz/ });
  expect(web).toHaveAttribute('href', 'https://www.example.org/carmen');
  expect(web).toHaveTextContent('Web');
});

test("fallbacks: 'Sin nombre', 'Sin cargo', and the initial letter without a photo", () => {
  const { container, unmount } = renderWithProviders(<BiographyCard biography={biography({ name: '', position: '  ', photo: null })} />);
  expect(screen.getByRole('heading', { name: 'Sin nombre' })).toBeInTheDocument();
  expect(screen.getByText('Sin cargo')).toBeInTheDocument();
  expect(container.querySelector('.bio-card__initial')).toHaveTextContent('S');
  unmount();
  renderWithProviders(<BiographyCard biography={biography({ name: 'lucía', photo: null })} />);
  expect(document.querySelector('.bio-card__initial')).toHaveTextContent('L');
});

test('a photo that fails to load is replaced by the placeholder', () => {
  renderWithProviders(<BiographyCard biography={biography()} />);
  fireEvent.error(screen.getByAltText('Fotografía de Carmen Ruiz'));
  expect(screen.getByAltText('Fotografía de Carmen Ruiz no disponible')).toHaveAttribute('src', PHOTO_PLACEHOLDER);
});
