import { searchKey } from './search';

describe('searchKey', () => {
  it('lowers every letter, not only ASCII ones', () => {
    expect(searchKey('JORNADA DE MÁSTER')).toBe('jornada de master');
    expect(searchKey('ÑANDÚ')).toBe('nandu');
  });

  it('removes accents, so that a search without them finds titles with them', () => {
    expect(searchKey('Educación Emocional')).toBe('educacion emocional');
    expect(searchKey('educacion')).toBe(searchKey('EDUCACIÓN'));
    expect(searchKey('Pingüino, crème brûlée')).toBe('pinguino, creme brulee');
  });

  it('folds composed and decomposed forms of a letter alike', () => {
    // 'é' as one code point and as 'e' + a combining acute accent.
    expect(searchKey('caf\u00e9')).toBe(searchKey('cafe\u0301'));
  });

  it('keeps everything else as it is: spaces, digits and LIKE wildcards', () => {
    expect(searchKey('Congreso 100% emocional_2026 ')).toBe('congreso 100% emocional_2026 ');
    expect(searchKey('')).toBe('');
  });
});
