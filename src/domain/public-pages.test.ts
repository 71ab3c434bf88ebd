import { pageFromSearch, pageReadAddress, publicApiAddress } from './public-pages';

test('the page comes from ?pagina=, whole numbers from 1 only', () => {
  expect(pageFromSearch(new URLSearchParams(''))).toBe(1);
  expect(pageFromSearch(new URLSearchParams('pagina=3'))).toBe(3);
  for (const bad of ['0', '-1', 'dos', '2.5', '', '1e3', '01']) expect(pageFromSearch(new URLSearchParams(`pagina=${bad}`))).toBeNull();
});

test('the public API addresses, with their parameters encoded as a browser encodes a form', () => {
  expect(publicApiAddress.publications('noticias', 2)).toBe('/public/publications/?section_slug=noticias&page=2&page_size=12');
  expect(publicApiAddress.publication(11)).toBe('/public/publication/11/');
  expect(publicApiAddress.search('educación emocional & más', 1)).toBe('/public/search/?q=educaci%C3%B3n+emocional+%26+m%C3%A1s');
  expect(publicApiAddress.search('acoso', 3)).toBe('/public/search/?q=acoso&page=3');
  expect(publicApiAddress.biographies()).toBe('/public/biographies/?page_size=100&include_inactive=true');
  expect(publicApiAddress.biographies(2)).toBe('/public/biographies/?page_size=100&include_inactive=true&page=2');
});

test('a page read is answered at the address the app itself asks', () => {
  expect(pageReadAddress({ kind: 'publications', sectionSlug: 'noticias', page: 1, pageSize: 3 })).toBe(
    '/public/publications/?section_slug=noticias&page=1&page_size=3',
  );
  expect(pageReadAddress({ kind: 'publication', id: 7 })).toBe('/public/publication/7/');
  expect(pageReadAddress({ kind: 'search', q: 'acoso', page: 2 })).toBe('/public/search/?q=acoso&page=2');
  expect(pageReadAddress({ kind: 'biographies', page: 1 })).toBe('/public/biographies/?page_size=100&include_inactive=true');
});
