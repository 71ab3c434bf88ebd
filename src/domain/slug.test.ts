import { slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it('lowercases, removes accents and joins words with hyphens', () => {
    expect(slugify('Presentación del Máster')).toBe('presentacion-del-master');
    expect(slugify('  Niñez y Convivencia: ¿qué hacer?  ')).toBe('ninez-y-convivencia-que-hacer');
  });

  it('never answers an empty slug', () => {
    expect(slugify('¡¿!')).toBe('seccion');
  });
});

describe('uniqueSlug', () => {
  it('adds the first free number when the slug is taken', () => {
    expect(uniqueSlug('revista', new Set())).toBe('revista');
    expect(uniqueSlug('revista', new Set(['revista', 'revista-2']))).toBe('revista-3');
  });
});

describe("uniqueSlug and the site's own paths", () => {
  it.each(['admin', 'api', 'login', 'assets', 'tinymce', 'cuerpo-docente', 'giese', 'presentacion-magister', 'sitemapxml', 'robotstxt'])(
    "%s is never a section's slug: it gets a suffix",
    (slug) => {
      expect(uniqueSlug(slug, new Set())).toBe(`${slug}-2`);
    },
  );

  it("leaves the five's own slugs to the sections that are them, once", () => {
    expect(uniqueSlug('noticias', new Set())).toBe('noticias');
    expect(uniqueSlug('media', new Set())).toBe('media');
    expect(uniqueSlug('media', new Set(['media']))).toBe('media-2');
  });
});
