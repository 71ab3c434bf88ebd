/**
 * The real API server for client tests: `buildApp` on a SQLite database of the
 * test file's own, started in a Node process beside Jest (real-api-process.ts,
 * started by real-api-global-setup.ts for the 'client' project).
 *
 * Usage, at the top level of a client test file:
 *
 *   const api = withRealApi();   // one server for the file, empty but for the admin
 *
 *   test('...', async () => {
 *     const section = await api.create('sections', { title: api.unique('Seminarios') });
 *     renderRoutes(routes, { preloadedState: { session: api.session() } });   // signed in with real tokens
 *     ...user acts...
 *     // what the server now holds, not what the client sent:
 *     expect((await api.request('GET', `/api/sections/${section.id}/`)).body.title).toBe('...');
 *     // and, where the request itself matters, what the app sent during this test:
 *     const writes = (await api.requests()).filter((r) => r.method !== 'GET');
 *   });
 *
 * Tests of one file share its server, so each test makes its own records (with
 * `unique` names when a list shows them all) rather than counting on an empty
 * database; a file whose tests need a list of their own calls
 * `withRealApi({ per: 'test' })` (each server costs about 0.2 s). `create` fills
 * the required fields it is not given; `createMany` makes many at once (a list
 * longer than a page). The admin's token pair is valid on every server; a test
 * that ends that session (sign-out) calls `api.signIn()` for a pair of its own.
 *
 * A file about the site's mail calls `withRealApi({ mail: 'accept' })`: its
 * server sends mail (PUBLIC_URL https://master.example.org) to an SMTP server
 * of its own that takes every message, or, with 'refuse', answers each with
 * 550 (the message then waits, tried again a minute later);
 * `writeExpiredMail(to)` puts in a message whose link expired before it could go.
 *
 * What the real server cannot be made to do (time out, fail with a 5xx, drop
 * the connection, answer a shape it never answers) is fault-injecting-server.ts's
 * job, not this file's. Inside a `describe`, `withFaultInjectingServer()`
 * (with-fault-injecting-server.ts) points the app at a stub for each of its
 * tests and back at this server afterwards; say in the test why the real one
 * cannot do. Decision 140 (docs/decisions) explains the choices.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getApiHost, setApiHost } from '@/client/api/base-query';
import type { OutboxMessage, RecordedRequest } from './real-api-process';
import { TEST_ADMIN } from './api-server-constants';

export type { OutboxMessage, RecordedRequest };

export interface ApiReply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface ApiRequestOptions {
  json?: unknown;
  form?: FormData;
  /** Another access token, or null for an anonymous request; the admin's by default. */
  token?: string | null;
  /** Headers to send besides the harness's own (e.g. an Idempotency-Key the app sent). */
  headers?: Record<string, string>;
}

type Collection = 'sections' | 'publications' | 'biographies';

let controlOrigin: Promise<string> | undefined;
/** The images the process made, by format: the same bytes serve every test of the file. */
const images: Record<string, Promise<Uint8Array<ArrayBuffer>>> = {};

/** The control address of the real API's process, once it has said it is ready. */
function control(): Promise<string> {
  controlOrigin ??= (async () => {
    const dir = process.env.REAL_API_DIR;
    if (!dir)
      throw new Error('withRealApi: REAL_API_DIR is unset; the client project of jest.config.js starts the real API in its globalSetup.');
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (fs.existsSync(path.join(dir, 'port'))) return `http://127.0.0.1:${fs.readFileSync(path.join(dir, 'port'), 'utf8')}`;
      if (fs.existsSync(path.join(dir, 'exit')) || Date.now() > deadline) {
        const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
        throw new Error(`The real API's process did not start:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return controlOrigin;
}

/**
 * Runs a call to the servers the way Testing Library's findBy and waitFor wait: answers that
 * land for the rendered app meanwhile (its queries) are no "update not wrapped in act(...)".
 */
async function outsideAct<T>(call: () => Promise<T>): Promise<T> {
  if (typeof document === 'undefined') return call();
  const { getConfig } = await import('@testing-library/react');
  let result!: T;
  await getConfig().asyncWrapper(async () => {
    result = await call();
  });
  return result;
}

async function controlCall(method: string, pathName: string) {
  return outsideAct(() => controlFetch(method, pathName));
}

async function controlFetch(method: string, pathName: string) {
  const response = await fetch(`${await control()}${pathName}`, { method });
  if (!response.ok) throw new Error(`real API control ${method} ${pathName}: ${response.status} ${await response.text()}`);
  return response;
}

interface Started {
  id: string;
  origin: string;
  access: string;
  refresh: string;
}

export interface RealApi {
  /** e.g. http://127.0.0.1:41234; the app's API host points here during the file's tests. */
  readonly origin: string;
  /** The test admin's tokens, valid on this server until a test ends their session. */
  readonly tokens: { access: string; refresh: string };
  /** Preloaded state for a store signed in as the test admin: `{ session: api.session() }`. */
  session(): { restored: true; user: { access: string; refresh: string; username: string } };
  /** Signs in through the API (the real password check, ~0.3 s) for a token pair of its own. */
  signIn(): Promise<{ access: string; refresh: string }>;
  /** A request to this server, as the admin unless `token` says otherwise; JSON answers parsed. */
  request(method: string, pathName: string, options?: ApiRequestOptions): Promise<ApiReply>;
  /**
   * Creates a record through the admin API and returns it as the server stored it; required
   * fields not given get unique values. Sections and biographies go as JSON; a publication goes
   * as the panel sends it (multipart, `layout` as JSON text), published on 2026-01-15 with a PNG
   * featured image and, unless `section_id` is given, in a new section of its own.
   */
  create(collection: Collection, fields: Record<string, unknown>): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** `count` records made as `create` makes them, a few at a time; `fields(i)` gives the i-th's (from 0). */
  createMany(collection: Collection, count: number, fields?: (index: number) => Record<string, unknown>): Promise<any[]>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A name no other test of the file uses: `unique('Noticias')` → 'Noticias 3'. */
  unique(prefix: string): string;
  /**
   * The requests the app sent this server during the current test, in order, with the
   * status it answered (bodies as the server parsed them, JSON text); `request`'s own are left out.
   */
  requests(): Promise<RecordedRequest[]>;
  /** A small real image (sharp-made) the server's image checks accept. */
  image(format?: 'jpeg' | 'png' | 'gif' | 'webp'): Promise<Uint8Array<ArrayBuffer>>;
  /** The mail the server wrote to its outbox, oldest first (a server of `withRealApi({ mail })`; with 'unsent', none is ever sent). */
  outbox(): Promise<OutboxMessage[]>;
  /** On a server that sends mail: a message to `to` whose link expired unsent, which its outbox then fails. */
  writeExpiredMail(to: string): Promise<void>;
}

/**
 * Registers the hooks that start a real server for the calling file (or for
 * each test, with `per: 'test'`), point the app's API host at it and close it
 * afterwards. Call once at the top level of a test file. `mail`: a site that
 * sends mail (its screens say so): 'unsent' keeps every message for `outbox()`
 * to read; 'accept' and 'refuse' send them to a mail server that takes or refuses them.
 */
export function withRealApi({ per = 'file', mail }: { per?: 'file' | 'test'; mail?: 'unsent' | 'accept' | 'refuse' } = {}): RealApi {
  let started: Started | undefined;
  let previousHost = '';
  let names = 0;
  const current = () => {
    if (!started) throw new Error('withRealApi: the server exists only inside the tests of the file.');
    return started;
  };

  const start = async () => {
    started = (await (await controlCall('POST', mail ? `/servers?mail=${mail}` : '/servers')).json()) as Started;
    previousHost = getApiHost();
    setApiHost(started.origin);
  };
  const stop = async () => {
    if (!started) return;
    setApiHost(previousHost);
    const { id } = started;
    started = undefined;
    await controlCall('DELETE', `/servers/${id}`);
  };
  const received = async () => (await (await controlCall('GET', `/servers/${current().id}/requests`)).json()) as RecordedRequest[];
  // What the tests before this one caused is not this test's business.
  let earlier = 0;
  // Starting and stopping wait on the one process that serves every file's server (a stop waits for
  // its server to close): on a busy machine that can take longer than a test's own time, so both get a minute.
  if (per === 'file') {
    beforeAll(start, 60_000);
    beforeEach(async () => {
      earlier = (await received()).length;
    });
    afterAll(stop, 60_000);
  } else {
    beforeEach(start, 60_000);
    afterEach(stop, 60_000);
  }

  const request = async (
    method: string,
    pathName: string,
    { json, form, token, headers: extra }: ApiRequestOptions = {},
  ): Promise<ApiReply> => {
    const headers: Record<string, string> = { ...extra, Accept: 'application/json', 'X-Test-Harness': '1' };
    const bearer = token === undefined ? current().access : token;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let body: BodyInit | undefined;
    if (json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) body = form;
    const origin = current().origin;
    return outsideAct(async () => {
      const response = await fetch(`${origin}${pathName}`, { method, headers, body });
      const text = await response.text();
      const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
      return { status: response.status, body: isJson && text ? JSON.parse(text) : text };
    });
  };

  return {
    get origin() {
      return current().origin;
    },
    get tokens() {
      const { access, refresh } = current();
      return { access, refresh };
    },
    session() {
      const { access, refresh } = current();
      return { restored: true, user: { access, refresh, username: TEST_ADMIN.username } };
    },
    async signIn() {
      const reply = await request('POST', '/api/token/', { json: TEST_ADMIN, token: null });
      if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return { access: reply.body.access, refresh: reply.body.refresh };
    },
    request,
    async create(collection, fields) {
      let reply: ApiReply;
      if (collection === 'publications') {
        const form = new FormData();
        const all: Record<string, unknown> = {
          title: this.unique('Publicación'),
          publish_date: '2026-01-15',
          status: 'published',
          layout: [],
          ...fields,
        };
        if (all.section_id === undefined) all.section_id = (await this.create('sections', { title: this.unique('Sección') })).id;
        for (const [name, value] of Object.entries(all)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
        if (!('featured_image' in fields))
          form.append('featured_image', new Blob([await this.image('png')], { type: 'image/png' }), 'portada.png');
        reply = await request('POST', '/api/publications/', { form });
      } else {
        const required =
          collection === 'sections'
            ? { title: this.unique('Sección') }
            : { name: this.unique('Docente'), position: 'Profesora', biography: 'Biografía.' };
        reply = await request('POST', `/api/${collection}/`, { json: { ...required, ...fields } });
      }
      if (reply.status !== 201) throw new Error(`creating in ${collection} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
    async createMany(collection, count, fields = () => ({})) {
      const made: unknown[] = new Array(count);
      let next = 0;
      // A few requests in flight: the server writes one at a time, but the round trips overlap.
      const worker = async () => {
        for (let index = next++; index < count; index = next++) made[index] = await this.create(collection, fields(index));
      };
      await Promise.all(Array.from({ length: Math.min(4, count) }, worker));
      return made;
    },
    unique: (prefix) => `${prefix} ${++names}`,
    async requests() {
      return (await received()).slice(earlier);
    },
    async outbox() {
      return (await (await controlCall('GET', `/servers/${current().id}/outbox`)).json()) as OutboxMessage[];
    },
    async writeExpiredMail(to) {
      await controlCall('POST', `/servers/${current().id}/expired-mail?to=${encodeURIComponent(to)}`);
    },
    async image(format = 'png') {
      images[format] ??= controlCall('GET', `/image/${format}`).then(async (response) => new Uint8Array(await response.arrayBuffer()));
      // A copy each time: a test may hand its bytes to a File that takes them over.
      return new Uint8Array(await images[format]);
    },
  };
}
