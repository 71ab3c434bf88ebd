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
