import Fastify from 'fastify';
import { helmetHeaders, previewPageHeaders, registerSecurityHeaders } from './security-headers';

const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe("the preview's pages may frame the site's own pages", () => {
  it("adds 'self' to frame-src and changes nothing else", async () => {
    const headers = await helmetHeaders();
    const usual = directives(headers['content-security-policy']);
    const preview = directives(previewPageHeaders(headers)['content-security-policy']);
    expect(usual['frame-src']).not.toContain("'self'");
    expect(preview['frame-src']).toEqual(["'self'", ...usual['frame-src']]);
    expect({ ...preview, 'frame-src': usual['frame-src'] }).toEqual(usual);
  });

  it('only on /vista-previa and /vista-previa/{token}', async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, await helmetHeaders());
    app.get('/*', async () => '');
    const frameSrc = async (url: string) =>
      directives(String((await app.inject({ method: 'GET', url })).headers['content-security-policy']))['frame-src'];
    for (const url of ['/vista-previa', '/vista-previa?x=1', '/vista-previa/abc_DEF-123', '/vista-previa/abc/']) {
      expect(await frameSrc(url)).toContain("'self'");
    }
    for (const url of ['/', '/noticias/3', '/vista-previas', '/vista-previa/a/b', '/admin/publications/3', '/api/public/preview/abc/']) {
      expect(await frameSrc(url)).not.toContain("'self'");
    }
    await app.close();
  });
});
