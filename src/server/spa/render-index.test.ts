import type { SiteSettings } from '@/domain/entities';
import { renderIndex } from './render-index';

const settings: SiteSettings = {
  socialLinks: [{ network: 'facebook', label: 'Facebook', url: 'https://facebook.com/x</script><script>alert(1)</script>' }],
  researchGroup: { label: 'GIESE', url: '/giese' },
};
// The built template is minified: unquoted attributes.
const template =
  '<!doctype html><html lang=es><head><meta charset=utf-8><title>Máster</title>' +
  '<meta name=description content="Descripción del sitio"><script defer src=/assets/main.js></script></head><body><div id=root></div></body></html>';

const settingsJson = (html: string) => /<script id="site-settings" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';

describe('renderIndex', () => {
  it("keeps the template's title and description when the page gives none", () => {
    const html = renderIndex(template, { url: 'http://localhost:8000/' }, settings);
    expect(html).toContain('<title>Máster</title>');
    expect(html).toContain('<meta name="description" content="Descripción del sitio" />');
    expect(html).toContain('<meta property="og:title" content="Máster" />');
    expect(html).toContain('<meta property="og:url" content="http://localhost:8000/" />');
    expect(html).not.toContain('og:image');
    expect(html.match(/name="?description/g)).toHaveLength(1);
    expect(html).toContain('<script defer src=/assets/main.js></script>');
  });

  it("writes the page's title, description and absolute image, escaped", () => {
    const html = renderIndex(
      template,
      { title: 'Noticias <b>"hoy"</b>', description: 'Día & noche', image: '/media/images/a.jpg', url: 'https://sitio.es/noticias/3' },
      settings,
    );
    expect(html).toContain('<title>Noticias &lt;b&gt;&quot;hoy&quot;&lt;/b&gt;</title>');
    expect(html).toContain('<meta name="description" content="Día &amp; noche" />');
    expect(html).toContain('<meta property="og:image" content="https://sitio.es/media/images/a.jpg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('embeds the site settings as JSON that cannot close its script element', () => {
    const html = renderIndex(template, { url: 'http://localhost/' }, settings);
    const json = settingsJson(html);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(settings);
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it("names the page's own code for the browser to fetch beside the main script, as script or style", () => {
    const html = renderIndex(
      template,
      { url: 'http://localhost/buscar', preload: ['/assets/site-search.1.css', '/assets/site-search.2.js'] },
      settings,
    );
    expect(html).toContain('<link rel="preload" href="/assets/site-search.1.css" as="style" />');
    expect(html).toContain('<link rel="preload" href="/assets/site-search.2.js" as="script" />');
    expect(renderIndex(template, { url: 'http://localhost/' }, settings)).not.toContain('rel="preload"');
  });

  it("names the page's lead image with the srcset and sizes its <img> will have, at high priority", () => {
    const html = renderIndex(
      template,
      { url: 'http://localhost/noticias', leadImage: { src: '/media/images/portada.jpg', sizes: '100vw' } },
      settings,
    );
    expect(html).toMatch(
      /<link rel="preload" as="image" href="\/media\/images\/portada\.jpg" imagesrcset="\/media\/images\/portada-\d+\.webp \d+w, [^"]+" imagesizes="100vw" fetchpriority="high" \/>/,
    );
    // An image that is not a stored upload has no variants: its own address only.
    const external = renderIndex(
      template,
      { url: 'http://localhost/', leadImage: { src: 'https://otro.es/a.png', sizes: '100vw' } },
      settings,
    );
    expect(external).toContain('<link rel="preload" as="image" href="https://otro.es/a.png" fetchpriority="high" />');
  });

  it('is not fooled by $ patterns in values', () => {
    const html = renderIndex(template, { title: "$& $' $`", url: 'http://localhost/' }, settings);
    expect(html).toContain('<title>$&amp; $&#39; $`</title>');
  });
});
