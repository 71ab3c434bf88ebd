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

  it("links the page's own stylesheets (it is drawn before any script runs) and fetches its scripts beside the main one", () => {
    const html = renderIndex(
      template,
      { url: 'http://localhost/buscar', preload: ['/assets/site-search.1.css', '/assets/site-search.2.js'] },
      settings,
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/site-search.1.css" />');
    expect(html).toContain('<link rel="preload" href="/assets/site-search.2.js" as="script" />');
    expect(renderIndex(template, { url: 'http://localhost/' }, settings)).not.toContain('rel="preload"');
  });

  it('puts the drawn page in #root and its data at the end of the body, neither able to close its element', () => {
    const page = '<div class="site"><h1>Jornada</h1></div>';
    const pageData = {
      status: 200 as const,
      reads: [{ read: { kind: 'publication' as const, id: 3 }, answer: { title: '</script><b>' } }],
    };
    const html = renderIndex(
      `${template.replace('<body>', '<body><noscript>Sin scripts</noscript>')}`,
      { url: 'http://localhost/', root: page, pageData },
      settings,
    );
    expect(html).toContain(`<div id="root">${page}</div>`);
    expect(html).not.toContain('<noscript>');
    const data = /<script id="datos-de-la-pagina" type="application\/json">(.*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual(pageData);
    // Without a drawn page (the admin panel), the template's notice and empty root stay.
    const admin = renderIndex(
      template.replace('<body>', '<body><noscript>Sin scripts</noscript>'),
      { url: 'http://localhost/admin' },
      settings,
    );
    expect(admin).toContain('<noscript>Sin scripts</noscript><div id=root></div>');
  });

  it('writes each structured data node in a script of its own that nothing in it can close', () => {
    const node = { '@context': 'https://schema.org', '@type': 'WebSite', name: '</script><script>alert(1)</script>' };
    const html = renderIndex(template, { url: 'http://localhost/', structuredData: [node, { '@type': 'Thing' }] }, settings);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).not.toContain('<');
    expect(JSON.parse(scripts[0])).toEqual(node);
  });

  it('is not fooled by $ patterns in values', () => {
    const html = renderIndex(template, { title: "$& $' $`", url: 'http://localhost/' }, settings);
    expect(html).toContain('<title>$&amp; $&#39; $`</title>');
  });
});
