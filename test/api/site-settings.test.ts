import { JSDOM } from 'jsdom';
import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import { siteSettingsMessages } from '@/domain/site-settings';
import { loadConfig } from '@/server/config';
import { startApiServer, TEST_ADMIN, TEST_SECRET, type TestServer } from '../helpers/api-server';
import { fetchDrawnPage, textOf, type DrawnPage } from '../helpers/drawn-page';
import { fakeDateOnly } from '../helpers/fake-date';

/**
 * 'Ajustes del sitio' (docs/decisions/199): GET/PATCH /api/settings/, the
 * environment's values as a new site's defaults, the rules in Spanish, who may
 * change them, and what the public pages show of them (footer, home page,
 * JSON-LD) as soon as they are saved, on this instance and on another.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */

/** The environment of a site whose settings come from it until somebody saves them. */
const ENV = {
  SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@master-educacion-emocional',
  SOCIAL_X_URL: '',
  GIESE_LABEL: 'GIESE-UV',
  GIESE_URL: 'https://giese.example.org',
};

let server: TestServer;
let token: string;
let editorToken: string;

beforeAll(async () => {
  const { siteSettingsDefaults } = loadConfig({ DATA_DIR: '/tmp/no-se-usa', SECRET_KEY: TEST_SECRET, ...ENV });
  server = await startApiServer({ siteSettingsDefaults, publicUrl: 'https://master.example.org' });
  token = await server.adminToken();
  const created = await server.request('POST', '/api/users/', {
    token,
    json: { username: 'editora.ajustes', name: 'Editora', role: 'editor' },
  });
  const link = (created.body.invitation.url as string).split('#')[1];
  const accepted = await server.request('POST', '/api/invitations/accept/', {
    json: { token: link, password: 'una frase larga para la editora' },
  });
  expect(accepted.status).toBe(200);
  editorToken = accepted.body.access;
});
afterAll(async () => server?.close());

const settings = async () => (await server.request('GET', '/api/settings/', { token })).body;
const patch = (json: unknown, bearer = token) => server.request('PATCH', '/api/settings/', { token: bearer, json });
const page = (address: string, base = server.url): Promise<DrawnPage> => fetchDrawnPage(`${base}${address}`);

/** The footer's 'Contacto y comunidad' column, as read. */
const footerContact = (drawn: DrawnPage) => textOf(drawn.root.querySelector('footer h2#footer-contact')?.parentElement);
/** The home page's key facts: each term with its value. */
const facts = (drawn: DrawnPage) =>
  Object.fromEntries(
    [...drawn.root.querySelectorAll('section[aria-labelledby="programme-facts-title"] dl > div')].map((item) => [
      textOf(item.querySelector('dt')),
      textOf(item.querySelector('dd')),
    ]),
  );
const admissionLine = (drawn: DrawnPage) => textOf(drawn.root.querySelector('.programme-facts__line'));
/** The JSON-LD node of the programme on the home page. */
const programmeNode = (drawn: DrawnPage) => {
  const document = new JSDOM(drawn.html).window.document;
  const nodes = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent));
  return nodes.find((node) => node['@type'] === 'EducationalOccupationalProgram');
};

describe('GET /api/settings/', () => {
  it("answers the environment's values while nobody has saved any", async () => {
    const reply = await server.request('GET', '/api/settings/', { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      contact_email: '',
      contact_phone: '',
      contact_address: '',
      duration_months: null,
      ects_credits: null,
      modality: '',
      language: '',
      price: null,
      admission_opens: null,
      admission_closes: null,
      how_to_apply_url: '',
      social_links: {
        facebook: 'https://www.facebook.com/',
        instagram: 'https://www.instagram.com/',
        x: '',
        youtube: ENV.SOCIAL_YOUTUBE_URL,
        linkedin: 'https://www.linkedin.com/',
      },
      research_group_name: 'GIESE-UV',
      research_group_url: 'https://giese.example.org',
      updated_at: null,
      updated_by: null,
    });
    // And the public pages say the same: the group in the navigation, the networks with a link in the top bar.
    const home = await page('/');
    expect(textOf(home.root.querySelector('nav[aria-label="Principal"] li:last-child a'))).toBe('GIESE-UV');
    const networks = [...home.root.querySelectorAll('ul[aria-label="Redes sociales"] a')].map((a) => a.getAttribute('href'));
    expect(networks).toContain(ENV.SOCIAL_YOUTUBE_URL);
    expect(networks).not.toContain('https://x.com/');
  });

  it('is read by an Editor too, and by nobody signed out', async () => {
    expect((await server.request('GET', '/api/settings/', { token: editorToken })).status).toBe(200);
    const anonymous = await server.request('GET', '/api/settings/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: messages.notAuthenticated });
  });
});

describe('PATCH /api/settings/', () => {
  it('keeps what it is not sent, and the activity log says what changed', async () => {
    const reply = await patch({ contact_email: 'master@example.org', social_links: { facebook: '' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      contact_email: 'master@example.org',
      research_group_name: 'GIESE-UV',
      social_links: { facebook: '', youtube: ENV.SOCIAL_YOUTUBE_URL, instagram: 'https://www.instagram.com/' },
      updated_by: TEST_ADMIN.username,
    });
    expect(Date.parse(reply.body.updated_at)).not.toBeNaN();
    expect(await settings()).toEqual(reply.body);
    const [entry] = (await server.request('GET', '/api/activity/?page_size=1', { token })).body.results;
    expect(entry).toMatchObject({ action: 'update', target_kind: 'settings', target_label: 'Correo de contacto, Facebook' });
  });

  it('refuses a javascript: link, a link too long and a bad email, in Spanish on their fields, and saves nothing', async () => {
    const before = await settings();
    const reply = await patch({
      contact_email: 'master@',
      how_to_apply_url: 'javascript:alert(document.cookie)',
      research_group_url: `https://giese.example.org/${'a'.repeat(2048)}`,
      social_links: { x: 'javascript:alert(1)', youtube: '//otro.example.org' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      contact_email: [messages.invalidEmail],
      how_to_apply_url: [siteSettingsMessages.invalidLink],
      research_group_url: [messages.tooLong(2048)],
      'social_links.x': [siteSettingsMessages.invalidLink],
      'social_links.youtube': [siteSettingsMessages.invalidLink],
    });
    expect(reply.body.how_to_apply_url[0]).toMatch(/^Introduzca una dirección/);
    expect(await settings()).toEqual(before);
  });

  it('refuses an empty research group name, an unknown field and a close before the stored opening', async () => {
    expect((await patch({ research_group_name: ' ' })).body).toEqual({ research_group_name: [messages.required] });
    expect((await patch({ telefono: '600' })).body).toEqual({ telefono: [messages.unknownField] });
    expect((await patch({ social_links: { tiktok: 'https://tiktok.com' } })).status).toBe(400);
    expect((await patch({ admission_opens: '2031-02-01', admission_closes: '2031-06-30' })).status).toBe(200);
    // Sent alone, the close is checked against the opening stored.
    expect((await patch({ admission_closes: '2031-01-31' })).body).toEqual({
      admission_closes: [siteSettingsMessages.closesBeforeOpens],
    });
    expect((await patch({ admission_opens: null, admission_closes: null })).status).toBe(200);
  });

  it('is refused to an Editor (403) and to nobody signed in (401)', async () => {
    const editor = await patch({ contact_phone: '+34 600 000 000' }, editorToken);
    expect(editor.status).toBe(403);
    expect(editor.body).toEqual({ detail: accountMessages.forbidden });
    expect((await server.request('PATCH', '/api/settings/', { json: { contact_phone: '+34 600 000 000' } })).status).toBe(401);
    expect((await settings()).contact_phone).toBe('');
  });
});

describe('the public pages', () => {
  it('show a save at once, in pages this instance keeps: the footer contact, the key facts, the JSON-LD', async () => {
    // Drawn and kept before the save.
    const kept = await page('/noticias');
    expect(footerContact(kept)).not.toContain('info@master.example.org');
    expect(programmeNode(await page('/'))).not.toHaveProperty('numberOfCredits');

    const saved = await patch({
      contact_email: 'info@master.example.org',
      contact_phone: '+34 910 000 000',
      contact_address: 'Facultad de Educación\nCalle Mayor 1, Madrid',
      duration_months: 12,
      ects_credits: 60,
      modality: 'semipresencial',
      language: 'Español',
      price: 4500,
      how_to_apply_url: '/presentacion-magister',
      research_group_name: 'Grupo GIESE',
    });
    expect(saved.status).toBe(200);

    const list = await page('/noticias');
    const footer = list.root.querySelector('footer')!;
    expect(footer.querySelector('a[href="mailto:info@master.example.org"]')).not.toBeNull();
    expect(textOf(footer.querySelector('a[href="tel:+34910000000"]'))).toBe('+34 910 000 000');
    expect(footerContact(list)).toContain('Facultad de Educación Calle Mayor 1, Madrid');
    expect(footerContact(list)).toContain('Grupo de investigación Grupo GIESE');

    const home = await page('/');
    expect(facts(home)).toEqual({
      Duración: '1 año',
      Créditos: '60 ECTS',
      Modalidad: 'Semipresencial',
      Idioma: 'Español',
      Precio: '4.500 €',
    });
    const apply = home.root.querySelector('section[aria-labelledby="programme-facts-title"] a.button');
    expect({ text: apply?.textContent, href: apply?.getAttribute('href') }).toEqual({
      text: 'Cómo inscribirse',
      href: '/presentacion-magister',
    });
    expect(programmeNode(home)).toMatchObject({
      timeToComplete: 'P12M',
      numberOfCredits: 60,
      educationalProgramMode: 'blended',
      inLanguage: 'Español',
      offers: { '@type': 'Offer', price: 4500, priceCurrency: 'EUR', url: 'https://master.example.org/presentacion-magister' },
      provider: { email: 'info@master.example.org', telephone: '+34 910 000 000' },
    });
  });

  describe('on another instance on the same database', () => {
    let other: TestServer;
    beforeAll(async () => {
      other = await startApiServer(
        { siteSettingsDefaults: server.config.siteSettingsDefaults },
        { dataDir: server.dataDir, databaseUrl: server.config.databaseUrl },
      );
    });
    afterAll(async () => other?.close());
    afterEach(() => jest.useRealTimers());

    it('show a save made through this one once its check interval has passed', async () => {
      const interval = other.config.cacheCheckIntervalMs;
      const start = Date.now() + interval;
      fakeDateOnly(start);
      expect(footerContact(await page('/noticias', other.url))).not.toContain('otra@master.example.org');
      expect((await patch({ contact_email: 'otra@master.example.org' })).status).toBe(200);
      fakeDateOnly(start + interval);
      expect(footerContact(await page('/noticias', other.url))).toContain('otra@master.example.org');
    });
  });

  // Last in the file: the server's cache has then checked on a clock in 2030, and would wait for the real one to catch up.
  describe("the admission line, at the site's midnight", () => {
    // 23:59:30 on 15 January 2030 in Madrid (UTC+1 in winter) is 22:59:30 UTC; 00:00:05 on the 16th in Madrid is still the 15th in UTC.
    const BEFORE_MIDNIGHT = Date.UTC(2030, 0, 15, 22, 59, 30);
    const AFTER_MIDNIGHT = Date.UTC(2030, 0, 15, 23, 0, 5);
    afterEach(() => jest.useRealTimers());

    it("says 'Plazo abierto hasta el …' until the close's midnight, with no write", async () => {
      expect((await patch({ admission_opens: '2030-01-02', admission_closes: '2030-01-15' })).status).toBe(200);
      fakeDateOnly(BEFORE_MIDNIGHT);
      const open = await page('/');
      expect(admissionLine(open)).toBe('Plazo abierto hasta el 15 de enero de 2030');
      expect(facts(open)['Plazo de admisión']).toBe('Del 2 de enero de 2030 al 15 de enero de 2030');
      expect(programmeNode(open)).toMatchObject({ applicationStartDate: '2030-01-02', applicationDeadline: '2030-01-15' });

      fakeDateOnly(AFTER_MIDNIGHT);
      const closed = await page('/');
      expect(admissionLine(closed)).toBe('');
      expect(closed.root.querySelector('section[aria-labelledby="programme-facts-title"]')).not.toBeNull();
    });
  });
});
