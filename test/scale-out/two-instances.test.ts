import fs from 'node:fs';
import path from 'node:path';
import { todayIso } from '@/server/clock';
import { formData, makeImage } from '../helpers/api-server';
import { cardTitles, type DrawnPage, fetchDrawnPage, headingOf, NOT_FOUND_HEADING } from '../helpers/drawn-page';
import { freePort } from '../../bench/local-ports';
import { type Deployment, type Instance, type Nginx, startDeployment, until } from './deployment';

/**
 * The site on more than one machine (docs/deploy.md): two server processes on
 * one PostgreSQL and one S3 store, behind Debian's nginx running the
 * repository's own configuration (./deployment.ts). Public pages follow a
 * write made through the other instance, images are shared, and an instance
 * stops without losing a request.
 */

const CHECK_INTERVAL_MS = 1000;

let deployment: Deployment;
let a: Instance;
let b: Instance;
let site: string;
let nginx: Nginx;
let token: string;

beforeAll(async () => {
  deployment = await startDeployment({ env: () => ({ CACHE_CHECK_INTERVAL_MS: String(CHECK_INTERVAL_MS) }) });
  ({ a, b, nginx, token } = deployment);
  site = nginx.url;
}, 300_000);

afterAll(() => deployment?.stop(), 60_000);

const json = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as { results: unknown[] } };
};
const titlesOn = async (instance: Instance) =>
  ((await json(`${instance.url}/api/public/publications/?section_slug=noticias`)).body.results as { title: string }[]).map((p) => p.title);

it('shows a publication created through A on the public page B serves, once B has checked (every second)', async () => {
  // B has the page cached from before the write.
  expect(await titlesOn(b)).not.toContain('Creada en la instancia A');
  const sections = (await json(`${a.url}/api/sections/`, { headers: { authorization: `Bearer ${token}` } })).body.results as {
    id: number;
    slug: string;
  }[];
  const news = sections.find((s) => s.slug === 'noticias')!;
  const form = formData(
    { title: 'Creada en la instancia A', section_id: String(news.id), status: 'published', publish_date: todayIso() },
    { featured_image: { bytes: await makeImage() } },
  );
  const created = await fetch(`${a.url}/api/publications/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(created.status).toBe(201);
  expect(await titlesOn(a)).toContain('Creada en la instancia A');
  // B shows it once its check interval has passed: it then asks the shared database whether content
  // changed. B runs on its own clock, so the test asks B until it does (the interval itself is
  // test/api/public.test.ts's, on a clock the test moves); ten intervals is only how long it asks.
  const onB = async () => ((await titlesOn(b)).includes('Creada en la instancia A') ? true : undefined);
  expect(await until('B showing the publication created through A', onB, 10 * CHECK_INTERVAL_MS)).toBe(true);
});

it('serves through B, and through nginx, an image uploaded through A', async () => {
  const image = await makeImage();
  const upload = await fetch(`${a.url}/api/upload-image/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: formData({}, { image: { bytes: image } }),
  });
  expect(upload.status).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  for (const base of [b.url, site]) {
    const served = await fetch(`${base}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
});

describe('the public pages the instances draw and keep', () => {
  /** The admin's credentials, signed in before the tests ran. */
  const auth = () => ({ authorization: `Bearer ${token}` });
  const newsSection = async () => {
    const sections = (await json(`${a.url}/api/sections/`, { headers: auth() })).body.results as { id: number; slug: string }[];
    return sections.find((s) => s.slug === 'noticias')!.id;
  };
  const createThroughA = async (title: string, status: 'published' | 'draft') => {
    const form = formData(
      { title, section_id: String(await newsSection()), status, publish_date: todayIso() },
      { featured_image: { bytes: await makeImage() } },
    );
    const created = await fetch(`${a.url}/api/publications/`, { method: 'POST', headers: auth(), body: form });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  /** Asks for the page at `url` until `shows` holds of it; ten intervals is only how long it asks. */
  const drawnUntil = (what: string, url: string, shows: (page: DrawnPage) => boolean) =>
    until(
      what,
      async () => {
        const page = await fetchDrawnPage(url);
        return shows(page) ? page : undefined;
      },
      10 * CHECK_INTERVAL_MS,
    );

  it("shows a save made through A in the pages B serves, once B has checked (every second), and at once in A's", async () => {
    const id = await createThroughA('Guardada en la instancia A', 'published');
    const address = `/noticias/${id}`;
    const titled = (title: string) => (page: DrawnPage) => page.status === 200 && headingOf(page) === title;
    const listed = (title: string) => (page: DrawnPage) => cardTitles(page, 'Publicaciones de Noticias').includes(title);
    // B draws both pages, and keeps them.
    await drawnUntil('B drawing the new publication', `${b.url}${address}`, titled('Guardada en la instancia A'));
    await drawnUntil('B listing the new publication', `${b.url}/noticias`, listed('Guardada en la instancia A'));
    const kept = await fetchDrawnPage(`${b.url}${address}`);
    expect(kept.headers.get('etag')).toBeTruthy();

    const saved = await fetch(`${a.url}/api/publications/${id}/`, {
      method: 'PATCH',
      headers: auth(),
      body: formData({ title: 'Guardada en la instancia A, revisada' }),
    });
    expect(saved.status).toBe(200);
    // A, which made the write, draws the pages again at once.
    expect(headingOf(await fetchDrawnPage(`${a.url}${address}`))).toBe('Guardada en la instancia A, revisada');
    expect(cardTitles(await fetchDrawnPage(`${a.url}/noticias`), 'Publicaciones de Noticias')).toContain(
      'Guardada en la instancia A, revisada',
    );
    // B, once its check interval has passed (the interval itself is test/api/public-pages-html.test.ts's, on a clock the test moves).
    const fresh = await drawnUntil('B drawing the saved title', `${b.url}${address}`, titled('Guardada en la instancia A, revisada'));
    expect(fresh.headers.get('etag')).not.toBe(kept.headers.get('etag'));
    const list = await drawnUntil('B listing the saved title', `${b.url}/noticias`, listed('Guardada en la instancia A, revisada'));
    expect(cardTitles(list, 'Publicaciones de Noticias')).not.toContain('Guardada en la instancia A');
    // Through nginx, whichever instance answers, the saved page.
    for (let visit = 0; visit < 4; visit++) {
      expect(headingOf(await fetchDrawnPage(`${site}${address}`))).toBe('Guardada en la instancia A, revisada');
    }
  }, 60_000);

  it('answers a revoked preview link 404 at once, on both instances and through nginx', async () => {
    const id = await createThroughA('Borrador compartido desde A', 'draft');
    const made = await fetch(`${a.url}/api/publications/${id}/preview-links/`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(made.status).toBe(201);
    const link = (await made.json()) as { id: number; url: string };
    for (const base of [a.url, b.url, site]) {
      const shown = await fetchDrawnPage(`${base}${link.url}`);
      expect({ base, status: shown.status, cacheControl: shown.headers.get('cache-control') }).toEqual({
        base,
        status: 200,
        cacheControl: 'no-store',
      });
      expect(shown.text).toContain('Cargando la vista previa...');
    }

    const revoked = await fetch(`${a.url}/api/preview-links/${link.id}/`, { method: 'DELETE', headers: auth() });
    expect(revoked.status).toBe(204);
    for (const base of [b.url, a.url, site]) {
      const gone = await fetchDrawnPage(`${base}${link.url}`);
      expect({ base, status: gone.status, heading: headingOf(gone) }).toEqual({ base, status: 404, heading: NOT_FOUND_HEADING });
      expect(gone.headers.get('cache-control')).toBe('no-store');
    }
  }, 60_000);
});

it('loses no reading request while A stops', async () => {
  const paths = ['/api/public/publications/?section_slug=noticias', '/api/public/biographies/', '/noticias', '/'];
  let stopped = false;
  const statuses: number[] = [];
  // Four visitors reading through nginx, before, while and after A stops under them.
  const visitor = async (offset: number) => {
    const read = async (i: number) => statuses.push((await fetch(`${site}${paths[(i + offset) % paths.length]}`)).status);
    let i = 0;
    while (!stopped) await read(i++);
    for (const end = i + 25; i < end;) await read(i++);
  };
  const visitors = [0, 1, 2, 3].map(visitor);
  // A stops once the visitors are reading: a few pages answered each.
  await until('the visitors reading', async () => (statuses.length >= 12 ? true : undefined));
  a.child.kill('SIGTERM');
  expect(await a.exited).toBe(0);
  stopped = true;
  await Promise.all(visitors);
  expect(statuses.length).toBeGreaterThan(80);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  // And B alone keeps serving the site through nginx.
  expect((await fetch(`${site}/api/public/publications/?section_slug=noticias`)).status).toBe(200);
}, 60_000);

describe("nginx's logs", () => {
  /** A preview link's token, as the app makes them (43 characters of base64url). */
  const secret = 'S3cr3t0-de-un-enlace-privado_que-no-se-ve-00';
  const addresses = [
    `/vista-previa/${secret}`,
    `/api/public/preview/${secret}/`,
    `/api/public/pr%65view/${secret}/`,
    `/VISTA-PREVIA/${secret}?a=1`,
  ];
  const logs = (dir: string) => ['access.log', 'error.log'].map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));

  it('write no preview token when every instance fails, while they still log the failures of other requests', async () => {
    // Two addresses where nothing listens: every request is an upstream failure, which nginx writes to its error log.
    const down = await deployment.startNginx(
      [{ url: `http://127.0.0.1:${await freePort()}` }, { url: `http://127.0.0.1:${await freePort()}` }],
      'nginx-down',
      'answering',
    );
    for (const address of [...addresses, '/noticias'])
      expect({ address, status: (await fetch(`${down.url}${address}`)).status }).toEqual({ address, status: 502 });
    const [access, errors] = logs(down.dir);
    expect(errors).toContain('"GET /noticias HTTP/1.1"');
    expect(errors).toMatch(/connect\(\) failed/);
    expect(access.match(/"GET [^"]*" 502/g)).toHaveLength(addresses.length + 2); // and the probe of its start
    expect(access).toContain('"GET /vista-previa/[oculto] HTTP/1.1" 502');
    expect(access).toContain('"GET /api/public/preview/[oculto]/ HTTP/1.1" 502');
    expect(errors).not.toContain(secret);
    expect(access).not.toContain(secret);
  });

  it('write no preview token of an address that names the preview only once decoded, which the app refuses (404)', async () => {
    for (const address of addresses.slice(2)) {
      const response = await fetch(`${site}${address}`);
      expect({ address, status: response.status }).toEqual({ address, status: 404 });
    }
    const [access] = logs(nginx.dir);
    expect(access).toContain('"GET /api/public/preview/[oculto]/ HTTP/1.1" 404');
    expect(access).not.toContain(secret);
  });
});
