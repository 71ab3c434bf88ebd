import { helmetHeaders } from './security-headers';

const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('content security policy', () => {
  it('allows scripts from the site only in production', async () => {
    const csp = directives((await helmetHeaders())['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('adds only eval, for webpack source maps, on the development server', async () => {
    const production = directives((await helmetHeaders())['content-security-policy']);
    const development = directives((await helmetHeaders({ development: true }))['content-security-policy']);
    expect(development['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
    expect({ ...development, 'script-src': production['script-src'] }).toEqual(production);
  });
});
