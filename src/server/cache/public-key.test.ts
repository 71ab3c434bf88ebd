import { canonicalPublicRequest, publicCacheKey, publicPageAddress } from './public-key';

describe('canonicalPublicRequest', () => {
  it('keeps only the parameters the route reads, in the order its schema declares them', () => {
    expect(canonicalPublicRequest('/api/public/publications/?utm_source=x&section_slug=noticias&page=2&fbclid=y&page_size=5')).toEqual({
      url: '/api/public/publications/?section_slug=noticias&page=2&page_size=5',
      query: { section_slug: 'noticias', page: '2', page_size: '5' },
    });
    expect(publicCacheKey('/api/public/biographies/?_=123&include_inactive=true')).toBe('/api/public/biographies/?include_inactive=true');
    expect(publicCacheKey('/api/public/publication/12/?v=1')).toBe('/api/public/publication/12/');
  });

  it('gives one key to the addresses of one answer', () => {
    const keys = new Set(
      [
        '/api/public/publications/?section_slug=noticias',
        '/api/public/publications?section_slug=noticias',
        '/api/public/publications/?x=1&section_slug=noticias&x=2',
        '/api/public/publications/?section_slug=noticias&',
      ].map(publicCacheKey),
    );
    expect(keys).toEqual(new Set(['/api/public/publications/?section_slug=noticias']));
  });

  it('writes values one way, however they were encoded', () => {
    expect(publicCacheKey('/api/public/publications/?section_slug=a%20b')).toBe(
      publicCacheKey('/api/public/publications/?section_slug=a+b'),
    );
  });

  it('does not key what it cannot: other paths, and a parameter the route reads sent twice', () => {
    for (const url of [
      '/api/publications/?section=1',
      '/api/public/otra/',
      '/api/public/publication/abc/',
      '/api/public/publications/extra/',
      '/api/public/publications/?page=1&page=2',
      '/index.html',
    ]) {
      expect(canonicalPublicRequest(url)).toBeUndefined();
    }
  });
});

describe('publicPageAddress', () => {
  it("keeps a list's page, and nothing else of its query", () => {
    expect(publicPageAddress('/noticias?utm_source=x&pagina=2&fbclid=y')).toBe('/noticias?pagina=2');
    expect(publicPageAddress('/talleres?pagina=3')).toBe('/talleres?pagina=3');
    expect(publicPageAddress('/noticias?utm_source=x')).toBe('/noticias');
  });

  it('drops ?pagina where the page does not read it: the home page, the faculty and a publication are one page each', () => {
    expect(publicPageAddress('/?pagina=2')).toBe('/');
    expect(publicPageAddress('/cuerpo-docente?pagina=2')).toBe('/cuerpo-docente');
    expect(publicPageAddress('/cuerpo-docente?pagina=1&pagina=2')).toBe('/cuerpo-docente');
    expect(publicPageAddress('/noticias/12?pagina=abc')).toBe('/noticias/12');
  });

  it('keeps no address of a page that is not kept, nor a list page asked for twice', () => {
    for (const url of [
      '/buscar?q=x',
      '/vista-previa/abc',
      '/admin',
      '/login',
      '/api/public/publications/',
      '/noticias?pagina=1&pagina=2',
    ]) {
      expect(publicPageAddress(url)).toBeUndefined();
    }
  });
});
