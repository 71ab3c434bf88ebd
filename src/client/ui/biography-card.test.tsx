import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { Biography } from '@/domain/entities';
import { preview } from '@/domain/text';
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

/** What a reader of the card sees of its text: the labels and the '...' the state hides are left out (jsdom has no stylesheets). */
function shownText(card: HTMLElement): string {
  const text = card.querySelector<HTMLElement>('.bio-card__text')!;
  const details = text.querySelector('details');
  if (!details) return text.textContent;
  const head = text.firstChild!.textContent!;
  const rest = Array.from(details.childNodes)
    .filter((node) => node.nodeName !== 'SUMMARY')
    .map((node) => node.textContent)
    .join('');
  return details.open ? head + rest : head + text.querySelector('.bio-card__ellipsis')!.textContent;
}

test("'Leer más' is a native details: the first 250 characters, then the rest inside it, one text", () => {
  const { container } = renderWithProviders(<BiographyCard biography={biography()} />);
  const text = container.querySelector('.bio-card__text')!;
  const details = text.querySelector('details')!;
  // The preview of the domain, its '...' apart (hidden from screen readers: the summary says it).
  expect(text.firstChild!.textContent! + text.querySelector('.bio-card__ellipsis')!.textContent).toBe(preview(LONG_TEXT).text);
  expect(text.querySelector('.bio-card__ellipsis')).toHaveAttribute('aria-hidden', 'true');
  expect(details.parentElement).toBe(text);
  expect(details.open).toBe(false);
  const summary = details.querySelector('summary')!;
  expect(summary).toBe(details.firstElementChild);
  expect(Array.from(summary.children, (label) => label.textContent)).toEqual(['Leer más', 'Leer menos']);
  // What the details holds starts where the preview stopped: together they are the biography, nothing lost or repeated.
  expect(text.firstChild!.textContent! + details.textContent.slice(summary.textContent.length)).toBe(LONG_TEXT);
  expect(shownText(container)).toBe(preview(LONG_TEXT).text);
  expect(shownText(container).length).toBeLessThanOrEqual(253);
});

test("'Leer más' opens the whole biography and 'Leer menos' closes it", async () => {
  const { container, user } = renderWithProviders(<BiographyCard biography={biography()} />);
  const details = container.querySelector('details')!;
  await user.click(screen.getByText('Leer más'));
  expect(details.open).toBe(true);
  expect(shownText(container)).toBe(LONG_TEXT);
  await user.click(screen.getByText('Leer menos'));
  expect(details.open).toBe(false);
  expect(shownText(container)).toBe(preview(LONG_TEXT).text);
  // The keyboard (Tab to the summary, Enter or Space) is the browser's own: test/e2e/public-without-scripts.spec.ts.
});

test('the server draws the card as the browser does: it hydrates without a mismatch, open or closed', () => {
  const ui = <BiographyCard biography={biography()} />;
  const html = renderToString(ui);
  expect(html).toContain('<details class="bio-card__more"><summary class="bio-card__toggle">');
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  // A visitor opened it before the app's code arrived: the app keeps it so.
  container.querySelector('details')!.open = true;
  const before = container.innerHTML;
  // Collected, not thrown from inside React's render (test/helpers/fail-on-console.ts), so that a mismatch fails this test alone.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable: unknown[] = [];
  render(ui, { container, hydrate: true, onRecoverableError: (error) => recoverable.push(error) });
  expect(consoleError).not.toHaveBeenCalled();
  expect(recoverable).toEqual([]);
  expect(container.innerHTML).toBe(before);
  expect(container.querySelector('details')!.open).toBe(true);
});

test('a short biography is shown whole, without a toggle', () => {
  const { container } = renderWithProviders(<BiographyCard biography={biography({ biography: 'Breve reseña.' })} />);
  expect(screen.getByText('Breve reseña.')).toBeInTheDocument();
  expect(container.querySelector('details')).not.toBeInTheDocument();
  expect(screen.queryByText('Leer más')).not.toBeInTheDocument();
});

test('a biography of exactly 250 characters is whole too', () => {
  const exact = 'a'.repeat(250);
  const { container } = renderWithProviders(<BiographyCard biography={biography({ biography: exact })} />);
  expect(container.querySelector('details')).not.toBeInTheDocument();
  expect(shownText(container)).toBe(exact);
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
