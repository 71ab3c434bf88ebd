import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { pageItems, Pagination } from './pagination';

test('shows the first, the last, the current page and its neighbours, with gaps between', () => {
  expect(pageItems(1, 1)).toEqual([1]);
  expect(pageItems(1, 3)).toEqual([1, 2, 3]);
  expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  expect(pageItems(2, 834)).toEqual([1, 2, 3, 'gap', 834]);
});

test('real links to every page shown, the current one marked, Anterior and Siguiente where they lead somewhere', () => {
  render(
    <MemoryRouter>
      <Pagination listPath="/noticias" current={2} last={5} label="Páginas de Noticias" />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Páginas de Noticias' });
  const links = within(nav).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
    [
      ['← Anterior', '/noticias'],
      ['1', '/noticias'],
      ['2', '/noticias?pagina=2'],
      ['3', '/noticias?pagina=3'],
      ['…', null],
      ['5', '/noticias?pagina=5'],
      ['Siguiente →', '/noticias?pagina=3'],
    ].filter(([text]) => text !== '…'),
  );
  expect(within(nav).getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
});

test('nothing when one page holds everything', () => {
  const { container } = render(
    <MemoryRouter>
      <Pagination listPath="/noticias" current={1} last={1} label="Páginas de Noticias" />
    </MemoryRouter>,
  );
  expect(container).toBeEmptyDOMElement();
});
