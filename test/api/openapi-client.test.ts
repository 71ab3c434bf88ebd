import { execFileSync } from 'node:child_process';
import createClient from 'openapi-fetch';
import type { OpenAPI3 } from 'openapi-typescript';
import sharp from 'sharp';
import { newLinkToken } from '@/server/auth/accounts';
import { replaceEmailChange } from '@/server/db/email-changes-repository';
import { findUserByUsername } from '@/server/db/users-repository';
import { startApiServer, TEST_ADMIN, type TestServer } from '../helpers/api-server';
import { answerChecker, operationsOf, validValue, type DocumentedOperation, type Known, type OpenApiDocument } from './openapi-support';

/**
 * A client generated from the served document, as a new user would make one
 * (openapi-typescript for the types, openapi-fetch for the calls), drives
 * every operation the document lists against a real server, in an order
 * where each finds what it needs (a section before its publications, a
 * deletion before its restore). Each answer must have a documented status and,
 * when it is JSON, match the schema documented for that status.
 */

/**
 * openapi-typescript's programmatic API, in a Node process of its own: its
 * dependencies are ES modules, which Jest's CommonJS runtime cannot load.
 */
function generateTypes(document: OpenAPI3): string {
  const script =
    "import openapiTS, { astToString } from 'openapi-typescript';" +
    "let text = ''; for await (const chunk of process.stdin) text += chunk;" +
    'process.stdout.write(astToString(await openapiTS(JSON.parse(text))));';
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(document), encoding: 'utf8' });
}

/** Passwords the scenario sets (15 characters or more, not common, not the username). */
const NEW_PASSWORD = { own: 'Otra clave larga de prueba 2026', invited: 'Clave de la docente invitada 77' };

const PUBLIC_URL = 'https://master.example.org';
let server: TestServer;
let doc: OpenApiDocument;
beforeAll(async () => {
  // A site that sends mail, so that '¿Ha olvidado su contraseña?' is an operation it offers; its mail
  // server answers nowhere and tries again only after an hour: nothing leaves the test.
  server = await startApiServer({
    publicUrl: PUBLIC_URL,
    mail: { url: 'smtp://127.0.0.1:9/', from: 'no-responder@master.example.org', retryBaseMs: 3_600_000, pollMs: 3_600_000 },
  });
  doc = (await server.request('GET', '/api/schema/')).body;
}, 30_000);
afterAll(async () => server.close());

/** When an operation runs: what it needs must exist, what it ends must come last. */
function phaseOf({ method, path }: DocumentedOperation): number {
  // A private link's page reads it once the link exists, before its publication goes to the trash.
  if (path.startsWith('/api/public/preview/')) return 5;
  if (path === '/api/token/') return 0;
  if (path === '/api/upload-image/') return 1;
  if (method === 'post' && path.startsWith('/api/token/')) return 9;
  if (method === 'post' && /^\/api\/[a-z-]+\/$/.test(path)) return 2;
  if (method === 'post' && path.includes('/revisions/')) return 5;
  if (method === 'delete' && !path.startsWith('/api/trash/')) return 6;
  if (path.startsWith('/api/trash/{id}/')) return method === 'post' ? 7 : 8;
  if (method === 'patch') return 4;
  return 3;
}

it('generates typed client code with a named type and an operation for everything the document lists', async () => {
  const code = generateTypes(doc as unknown as OpenAPI3);
  const operations = operationsOf(doc);
  expect(operations.length).toBeGreaterThan(40);
  for (const { operation } of operations) expect(code).toContain(`${operation.operationId}: {`);
  for (const name of ['Publication', 'PublicationUpdate', 'Section', 'Biography', 'Detail', 'BadRequest']) {
    expect(code).toMatch(new RegExp(`\\b${name}: \\{|\\b${name}: [A-Za-z{]`));
  }
  // Every request body is something a caller can build.
  expect(code).not.toMatch(/requestBody\??: \{\s*content: \{\s*"[^"]+": never/);
});

it('drives every operation of the document with a client generated from it; every answer is documented and matches its schema', async () => {
  const check = answerChecker(doc);
  // The document names the site where people reach it (PUBLIC_URL); this one is reached on loopback.
  expect(doc.servers[0].url).toBe(PUBLIC_URL);
  const client = createClient<any>({ baseUrl: server.url }); // eslint-disable-line @typescript-eslint/no-explicit-any
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const state: Record<string, unknown> = { password: TEST_ADMIN.password };
  const problems: string[] = [];
  const seen: string[] = [];

  const auth = () => ({ Authorization: `Bearer ${String(state.access)}` });
  const json = async (method: string, path: string, body?: unknown) =>
    (await server.request(method, path, { token: String(state.access), ...(body !== undefined && { json: body }) })).body;

  /** The path parameters of an operation, from what the scenario has made so far. */
  async function pathParams({ path, method }: DocumentedOperation): Promise<Record<string, unknown>> {
    const params: Record<string, unknown> = {};
    if (path.includes('{id}')) {
      if (path.startsWith('/api/sections/')) params.id = method === 'delete' ? state.spareSection : state.section;
      else if (path.startsWith('/api/publications/')) params.id = state.publication;
      else if (path.startsWith('/api/biographies/')) params.id = state.biography;
      else if (path.startsWith('/api/media/')) params.id = state.media;
      else if (path.startsWith('/api/public/publication/')) params.id = state.publication;
      else if (path.startsWith('/api/users/')) params.id = state.user;
      else if (path.startsWith('/api/preview-links/')) params.id = state.previewLink;
      else if (path.startsWith('/api/account/sessions/')) {
        // Another sign-in of the same person, to be ended from this one.
        await server.request('POST', '/api/token/', { json: { username: TEST_ADMIN.username, password: state.password } });
        const sessions = (await json('GET', '/api/account/sessions/')) as { id: string; current: boolean }[];
        params.id = sessions.find((session) => !session.current)?.id;
      } else if (path.startsWith('/api/trash/')) {
        const entries = ((await json('GET', '/api/trash/?all=true')).results ?? []) as { id: number; kind: string }[];
        params.id = entries.find((entry) => entry.kind === (method === 'post' ? 'publication' : 'biography'))?.id;
      } else params.id = 1;
    }
    if (path.includes('{revisionId}')) {
      const kind = path.split('/')[2];
      const answer = await json('GET', `/api/${kind}/${String(params.id)}/revisions/`);
      const list = (Array.isArray(answer) ? answer : answer.results) as { id: number }[];
      params.revisionId = list?.at(-1)?.id ?? 0;
    }
    if (path.includes('{part}')) params.part = 1;
    if (path.includes('{token}')) params.token = state.previewToken;
    return params;
  }

  /** A valid body, as the document describes it, with the values of this scenario. */
  function bodyOf({ method, path, operation }: DocumentedOperation): { body?: unknown; multipart?: FormData } {
    const known: Known = {
      section_id: state.section,
      featured_image: state.image,
      username: path === '/api/users/' ? 'docente-nueva' : TEST_ADMIN.username,
      password: path.startsWith('/api/invitations/') ? NEW_PASSWORD.invited : state.password,
      current_password: state.password,
      new_password: NEW_PASSWORD.own,
      token: path === '/api/account/email/confirm/' ? state.emailToken : state.invitation,
      // The admin's own address must not be the new colleague's.
      email: path === '/api/account/email/' ? 'yo@example.com' : 'docente@example.com',
      linkedin: 'https://example.com/docente',
      role: 'editor',
      refresh: state.refresh,
      status: 'published',
      publish_date: '2024-05-17',
      event: {
        start: '2024-05-20T10:00',
        end: '2024-05-20T13:30',
        all_day: false,
        location: 'Aula Magna',
        online_url: null,
        registration_url: null,
      },
      version: undefined,
      // 'Ajustes del sitio': texts the rules read as an address, a phone, a link, a day (docs/decisions/199).
      contact_email: 'master@example.com',
      contact_phone: '+34 910 000 000',
      how_to_apply_url: 'https://example.com/admision',
      research_group_url: '/giese',
      social_links: { youtube: 'https://www.youtube.com/@master' },
      admission_opens: '2024-05-01',
      admission_closes: '2024-06-30',
    };
    const libraryFile = (method === 'post' && path === '/api/media/') || path.endsWith('/replace/');
    if (path === '/api/upload-image/' || path.endsWith('/upload_cell_image/') || libraryFile) {
      const form = new FormData();
      form.append(libraryFile ? 'file' : 'image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'prueba.jpg');
      return { multipart: form };
    }
    const content = operation.requestBody?.content;
    if (!content) return {};
    if (!content['application/json']) throw new Error(`${operation.operationId}: no JSON body documented`);
    const body = validValue(
      doc,
      content['application/json'].schema,
      Object.fromEntries(Object.entries(known).filter(([, v]) => v !== undefined)),
      '',
      // Every field the scenario can fill, not only the required ones; an edit starts from no particular version,
      // and an image goes by its address, not also by a library id (which is one or the other).
      {
        optional: (name) =>
          !['version', 'photo', 'featured_image', 'photo_id', 'featured_image_id'].includes(name) || known[name] !== undefined,
      },
    );
    // A bulk action on the scenario's publication, from the version it has now.
    if (path === '/api/publications/bulk/')
      return { body: { action: 'draft', items: [{ id: state.publication, version: state.publicationVersion }] } };
    if (Array.isArray(body) && path.endsWith('/reorder/'))
      return { body: [{ id: state[path.split('/')[2].replace(/ies$/, 'y').replace(/s$/, '')], order: 0 }] };
    return { body };
  }

  /** An address of the admin's waiting for its link, whose token the scenario holds (this site mails none to carry it). */
  async function pendingEmailToken(): Promise<string> {
    const admin = (await findUserByUsername(server.services.db, TEST_ADMIN.username))!;
    const { token, hash } = newLinkToken();
    const now = new Date();
    await replaceEmailChange(server.services.db, {
      userId: admin.id,
      email: 'confirmada@example.com',
      tokenHash: hash,
      sessionVersion: admin.session_version,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
    });
    return token;
  }

  const operations = operationsOf(doc).sort((a, b) => phaseOf(a) - phaseOf(b));
  for (const documented of operations) {
    const { method, path, operation } = documented;
    const params = await pathParams(documented);
    if (path === '/api/publications/bulk/')
      state.publicationVersion = (await json('GET', `/api/publications/${String(state.publication)}/`)).version;
    if (path === '/api/account/email/confirm/') state.emailToken = await pendingEmailToken();
    const { body, multipart } = bodyOf(documented);
    if (path === '/api/sections/' && method === 'post') {
      // A second section, empty, for the deletion at the end.
      state.spareSection = (await json('POST', '/api/sections/', { title: 'Para eliminar' })).id;
    }
    const query = Object.fromEntries(
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && (parameter.required || parameter.name === 'q'))
        .map((parameter) => [parameter.name, parameter.name === 'q' ? 'prueba' : validValue(doc, parameter.schema, {}, parameter.name)]),
    );
    const { response, data, error } = await client.request(method, path, {
      params: { path: params, query },
      headers: operation.security ? auth() : {},
      ...(multipart ? { body: multipart, bodySerializer: (form: FormData) => form } : body !== undefined ? { body } : {}),
      parseAs: path.startsWith('/api/') ? 'json' : 'text',
    });
    const answer = data ?? error;
    seen.push(operation.operationId);
    problems.push(
      ...check(documented, response.status, response.headers.get('content-type'), answer).map((p) => `${method} ${path}: ${p}`),
    );
    // The site's documents by name (a sitemap's part, a feed) exist only when there is enough content.
    const mayBeMissing = !path.startsWith('/api/') && response.status === 404;
    if (response.status >= 300 && !mayBeMissing) {
      problems.push(`${method} ${path}: ${response.status} to a valid request ${JSON.stringify(answer).slice(0, 300)}`);
      continue;
    }
    if (path === '/api/token/' || path === '/api/token/refresh/') Object.assign(state, { access: answer.access, refresh: answer.refresh });
    // A password change keeps this session with a fresh pair.
    if (path === '/api/account/password/')
      Object.assign(state, { access: answer.access, refresh: answer.refresh, password: NEW_PASSWORD.own });
    if (path === '/api/users/' && method === 'post') {
      state.user = answer.user.id;
      state.invitation = String(answer.invitation.url).split('#')[1];
    }
    if (path === '/api/upload-image/') state.image = answer.url;
    if (method === 'post' && path.endsWith('/preview-links/')) {
      state.previewLink = answer.id;
      state.previewToken = String(answer.url).split('/').pop();
    }
    if (method === 'post' && /^\/api\/(sections|publications|biographies)\/$/.test(path)) {
      state[path.split('/')[2].replace(/ies$/, 'y').replace(/s$/, '')] = answer.id;
    }
    if (method === 'post' && path === '/api/media/') state.media = answer.id;
  }
  expect(problems).toEqual([]);
  expect(seen.sort()).toEqual(
    operationsOf(doc)
      .map(({ operation }) => operation.operationId)
      .sort(),
  );
}, 120_000);
