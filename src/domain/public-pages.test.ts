import { BANNER_IMAGE_SIZES, CARD_IMAGE_SIZES } from './images';
import { leadImage, pageFromSearch, publicApiAddress } from './public-pages';

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

test("a page's lead image: the first card's of a list or a search, a publication's featured image, with the widths the page gives it", () => {
  const list = { count: 2, results: [{ featured_image: '/media/images/a.jpg' }, { featured_image: '/media/images/b.jpg' }] };
  expect(leadImage({ kind: 'publications', sectionSlug: 'noticias', page: 1 }, list)).toEqual({
    src: '/media/images/a.jpg',
    sizes: CARD_IMAGE_SIZES,
  });
  expect(leadImage({ kind: 'search', q: 'acoso', page: 1 }, list)).toEqual({ src: '/media/images/a.jpg', sizes: CARD_IMAGE_SIZES });
  expect(leadImage({ kind: 'publication', id: 3 }, { featured_image: '/media/images/c.jpg' })).toEqual({
    src: '/media/images/c.jpg',
    sizes: BANNER_IMAGE_SIZES,
  });
  // None when there is none: no results, no image, or an answer of another shape.
  expect(leadImage({ kind: 'search', q: 'nada', page: 1 }, { count: 0, results: [] })).toBeNull();
  expect(leadImage({ kind: 'publications', sectionSlug: 'noticias', page: 1 }, { results: [{ featured_image: null }] })).toBeNull();
  expect(leadImage({ kind: 'publication', id: 3 }, null)).toBeNull();
});
