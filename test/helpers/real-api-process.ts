/**
 * The Node process that runs the real API for the client tests (started by
 * real-api-global-setup.ts with tsx; client tests reach it through
 * real-api-server.ts). Client tests run under jsdom, where the server's own
 * modules (better-sqlite3, sharp, undici's streams) do not belong, so the
 * servers live here and the tests talk to them over HTTP, as the browser does.
 *
 * It prepares one template once: a migrated SQLite database with the test
 * admin, signed in. Each server it hands out is `buildApp` on a copy of that
 * file, so it starts empty, with a valid token pair, in a fraction of the time
 * migrations and a password hash would take. One spare server is kept built
 * ahead, so a test file rarely waits for one.
 *
 * Control routes (on 127.0.0.1; the port is written to $REAL_API_DIR/port once ready):
 *   POST   /servers                  -> { id, origin, access, refresh }
 *   POST   /servers?mail=unsent|accept|refuse -> the same, for a site that sends mail (docs/decisions/202):
 *                                       'unsent' keeps every message in its outbox (its mail server answers
 *                                       nowhere); 'accept' and 'refuse' send to an SMTP test server of its
 *                                       own, which takes every message or refuses each with 550. Never the spare
 *   GET    /servers/:id/requests     -> every request that server received, in order
 *   GET    /servers/:id/outbox       -> the mail that server wrote to its outbox, in order
 *   POST   /servers/:id/expired-mail?to=… -> writes a message whose link expired before it could go (as after
 *                                       72 hours of a mail server down, which no test waits for); the
 *                                       outbox then fails it
 *   DELETE /servers/:id              -> closes it and deletes its files
 *   GET    /image/:format            -> a small real image (jpeg, png, gif, webp) made by sharp
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { buildApp } from '@/server/app';
import { ensureAdmin } from '@/server/auth/ensure-admin';
import { loadConfig } from '@/server/config';
import { SQLITE_FILE } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';
import { writeExpiredMail } from './expired-mail';
import type { Services } from '@/server/services';
import { fakeClientBuild, makeImage, TEST_ADMIN, TEST_SECRET } from './api-server';
import { TEST_KEEP_ALIVE_MS } from './api-server-constants';
import { startSmtpTestServer } from './smtp-test-server';

/** What the control route answers for each request a server received. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /api/sections/?page=2 */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The body as the server parsed it, as JSON text; empty for multipart bodies and bodiless requests. */
  body: string;
  /** The status the server answered. */
  status?: number;
}

/** A message a site wrote to its outbox, as the control route answers it. */
export interface OutboxMessage {
  kind: string;
  to: string;
  subject: string;
  /** The plain-text body, with its link written out. */
  text: string;
}

/**
 * A site that sends mail, as far as its screens can tell (`mail: 'unsent'`; `mail: true` in GET /api/account/):
 * its outbox is written and read by the tests through the control route. The mail server
 * it names answers nowhere, so nothing leaves, and a failed try waits an hour before the next.
 */
const MAIL_SITE = {
  publicUrl: 'https://master.example.org',
  mail: { url: 'smtp://127.0.0.1:9/', from: 'no-responder@master.example.org', retryBaseMs: 3_600_000, pollMs: 3_600_000 },
};

interface Running {
  origin: string;
  dataDir: string;
  requests: RecordedRequest[];
  services: Services;
  close: () => Promise<void>;
}

/** Whether a server sends mail, and how its mail server answers ('unsent': none answers, the outbox keeps all). */
type MailMode = 'unsent' | 'accept' | 'refuse';

/** Where a mailing site says people reach it (PUBLIC_URL): its links are written at this address. */
const MAIL_PUBLIC_URL = 'https://master.example.org';

async function main(): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'client-tests-api-'));
  // One fake SPA build for every server: they only read it.
  const clientDir = path.join(root, 'client');
  await fakeClientBuild(clientDir);

  const configFor = (dataDir: string, mail = false) => ({
    // The template's access token must outlast a whole run (5 minutes by default).
    ...loadConfig({
      DATA_DIR: dataDir,
      SECRET_KEY: TEST_SECRET,
      CLIENT_DIR: clientDir,
      LOGIN_RATE_LIMIT_MAX: '1000',
      ACCESS_TOKEN_LIFETIME: '7200',
    }),
    // Always a SQLite file of its own, even when the shell names a PostgreSQL database.
    databaseUrl: undefined,
    ...(mail && MAIL_SITE),
  });

  async function startServer(dataDir: string, mail?: MailMode): Promise<Running> {
    const smtp = mail === 'accept' || mail === 'refuse' ? await startSmtpTestServer() : undefined;
    if (mail === 'refuse') smtp!.refuseWith(550, 'Mailbox unavailable');
    const config = smtp
      ? {
          ...configFor(dataDir),
          publicUrl: MAIL_PUBLIC_URL,
          // A refused message is tried again after a minute: what a test reads of it stays put meanwhile.
          mail: { url: smtp.url(), from: 'no-responder@master.example.org', retryBaseMs: 60_000, pollMs: 100 },
        }
      : configFor(dataDir, mail === 'unsent');
    const { app, services } = await buildApp(config, { logger: false });
    const requests: RecordedRequest[] = [];
    const byRaw = new WeakMap<IncomingMessage, RecordedRequest>();
    // Recorded on the socket's side, so that answers the public cache gives before Fastify runs are seen too.
    app.server.prependListener('request', (req: IncomingMessage, res: http.ServerResponse) => {
      // The tests' own seeding and checking (real-api-server.ts's `request`) is not what the app sent.
      if (req.headers['x-test-harness'] !== undefined) return;
      const record: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: '' };
      requests.push(record);
      byRaw.set(req, record);
      res.on('finish', () => (record.status = res.statusCode));
    });
    app.addHook('preHandler', async (request) => {
      const record = byRaw.get(request.raw);
      if (!record || request.body === undefined) return;
      record.body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.server.keepAliveTimeout = TEST_KEEP_ALIVE_MS;
    return {
      origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      dataDir,
      requests,
      services,
      close: async () => {
        await app.close();
        await smtp?.stop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  // The template: migrated, with the admin, signed in once (the refresh token's family lives in the file).
  const templateDir = path.join(root, 'template');
  const template = await buildApp(configFor(templateDir), { logger: false });
  await migrateToLatest(template.services.db);
  await ensureAdmin(template.services.db, TEST_ADMIN.username, TEST_ADMIN.password);
  const signIn = await template.app.inject({ method: 'POST', url: '/api/token/', payload: TEST_ADMIN });
  if (signIn.statusCode !== 200) throw new Error(`template sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const tokens = signIn.json<{ access: string; refresh: string }>();
  await template.app.close();

  let made = 0;
  async function freshServer(mail?: MailMode): Promise<Running> {
    const dataDir = path.join(root, `server-${++made}`);
    await fs.mkdir(dataDir, { recursive: true });
    await fs.copyFile(path.join(templateDir, SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
    return startServer(dataDir, mail);
  }

  /** The mail a server wrote to its outbox, oldest first, its body while it has one. */
  async function outboxOf(server: Running): Promise<OutboxMessage[]> {
    const rows = await server.services.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'subject', 'body_text'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ kind: row.kind, to: row.recipient, subject: row.subject, text: row.body_text ?? '' }));
  }

  const servers = new Map<string, Running>();
  // A spare that fails to build is reported to the test that asks for it (a 500 with the stack), not a crash now.
  const buildSpare = () => {
    const building = freshServer();
    building.catch(() => {});
    return building;
  };
  let spare = buildSpare();
  const takeServer = async () => {
    const taken = spare;
    spare = buildSpare();
    return taken;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  const control = http.createServer({ keepAliveTimeout: TEST_KEEP_ALIVE_MS }, (req, res) => {
    const url = req.url ?? '/';
    const route = async () => {
      const wanted = /^\/servers(?:\?mail=(unsent|accept|refuse))?$/.exec(url);
      if (req.method === 'POST' && wanted) {
        // The spare is a site without mail, as most files want; one that sends mail is made when asked for.
        const mail = wanted[1] as MailMode | undefined;
        const server = mail ? await freshServer(mail) : await takeServer();
        const id = path.basename(server.dataDir);
        servers.set(id, server);
        return json(res, 201, { id, origin: server.origin, ...tokens });
      }
      const image = /^\/image\/(jpeg|png|gif|webp)$/.exec(url);
      if (req.method === 'GET' && image) {
        const bytes = await makeImage(image[1] as 'jpeg');
        return res.writeHead(200, { 'Content-Type': `image/${image[1]}` }).end(bytes);
      }
      const match = /^\/servers\/([^/]+)(\/requests|\/outbox|\/expired-mail\?to=[^&]+)?$/.exec(url);
      const server = match && servers.get(match[1]);
      if (!match || !server) return json(res, 404, { detail: `no such control route or server: ${req.method} ${url}` });
      if (req.method === 'GET' && match[2] === '/requests') return json(res, 200, server.requests);
      if (req.method === 'GET' && match[2] === '/outbox') return json(res, 200, await outboxOf(server));
      if (req.method === 'POST' && match[2]?.startsWith('/expired-mail')) {
        await writeExpiredMail(server.services, decodeURIComponent(match[2].slice('/expired-mail?to='.length)), {
          publicUrl: MAIL_PUBLIC_URL,
        });
        return json(res, 201, {});
      }
      if (req.method === 'DELETE' && !match[2]) {
        servers.delete(match[1]);
        await server.close();
        return json(res, 200, {});
      }
      return json(res, 405, { detail: 'method not allowed' });
    };
    route().catch((error: unknown) => json(res, 500, { detail: String((error as Error)?.stack ?? error) }));
  });

  const shutDown = async () => {
    control.close();
    const unused = await spare.catch(() => undefined);
    await Promise.allSettled([...servers.values(), ...(unused ? [unused] : [])].map((server) => server.close()));
    await fs.rm(root, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutDown());
  process.on('SIGINT', () => void shutDown());
  // The parent (Jest) gone without a word: do not outlive it.
  process.on('disconnect', () => void shutDown());

  const writePort = async () => {
    // Written whole, then renamed: a reader never sees half a port.
    const portFile = path.join(process.env.REAL_API_DIR ?? root, 'port');
    await fs.writeFile(`${portFile}.tmp`, String((control.address() as AddressInfo).port));
    await fs.rename(`${portFile}.tmp`, portFile);
  };
  control.listen(0, '127.0.0.1', () => void writePort());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
