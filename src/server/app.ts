import path from 'node:path';
import http from 'node:http';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { FEATURED_IMAGE_MAX_BYTES, FORM_FIELD_MAX_BYTES } from '@/domain/limits';
import { createCacheFront } from './cache/cache-front';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { requireAdmin } from './plugins/auth';
import { installErrorHandler, ServerLogController } from './plugins/error-handler';
import { registerApiDocs } from './plugins/api-docs';
import { registerMedia } from './plugins/media';
import { libraryImageOfStem } from './db/media-repository';
import { helmetHeaders, registerSecurityHeaders } from './plugins/security-headers';
import { clientErrorHandler, isValidHost, refuseExpectation } from './http/low-level-errors';
import { publicOriginOf } from './http/public-origin';
import { messages } from '@/domain/messages';
import { registerSpa } from './plugins/spa';
import { createPageResolver, registerSeoRoutes, visibleAddedSections } from './seo/seo-routes';
import { biographyRoutes } from './routes/biographies';
import { mediaRoutes } from './routes/media';
import { publicRoutes } from './routes/public';
import { searchRoutes } from './routes/search';
import { publicationRoutes } from './routes/publications';
import { previewLinkRoutes, publicPreviewRoutes } from './routes/preview-links';
import { bulkRoutes } from './routes/bulk';
import { sectionRoutes } from './routes/sections';
import { tokenRoutes } from './routes/token';
import { accountRoutes } from './routes/account';
import { invitationRoutes } from './routes/invitations';
import { passwordResetRoutes } from './routes/password-reset';
import { emailConfirmationRoutes } from './routes/email-confirmation';
import { userRoutes } from './routes/users';
import { outboxRoutes } from './routes/outbox';
import { siteSettingsRoutes } from './routes/site-settings';
import { readSiteSettings } from './content/site-settings';
import { publicSiteSettings } from '@/domain/site-settings';
import { uploadRoutes } from './routes/uploads';
import { summaryRoutes } from './routes/summary';
import { dashboardRoutes } from './routes/dashboard';
import { trashRoutes } from './routes/trash';
import { scheduleUpkeep } from './upkeep/schedule';
import { activityRoutes } from './routes/activity';
import { revisionRoutes } from './routes/revisions';
import { presenceRoutes } from './routes/presence';
import { upkeepJobs } from './upkeep/jobs';
import { createServices, type Services } from './services';
import { refuseControlCharactersInRequest } from './http/control-characters';
import { installJsonParser } from './http/json-body';
import { compileValidator } from './http/validation';
import { isEncodedPreviewPath, requestForLog } from './http/private-page';

export interface App {
  app: FastifyInstance;
  services: Services;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

declare module 'fastify' {
  interface FastifyInstance {
    /** The origin of every absolute address the server writes (http/public-origin.ts). */
    publicOrigin(): string;
  }
}

/**
 * The whole HTTP server, not yet listening: plugins, then routes. Used by
 * main.ts and by the API tests. Closing the app closes the database.
 */
export async function buildApp(
  config: ServerConfig,
  options: { db?: Db; logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<App> {
  const services = createServices(config, options.db);
  const cacheFront = createCacheFront(services.publicCache);
  const securityHeaders = await helmetHeaders({
    development: config.clientDev,
    https: config.publicUrl?.startsWith('https:'),
    mediaPublicUrl: config.mediaStorage.publicUrl,
  });
  let server!: http.Server;
  const app = Fastify({
    // Cached public answers leave before Fastify builds a request (cache/cache-front.ts).
    serverFactory: (handler) => {
      server = http.createServer(
        {
          // A body sent a byte at a time must not hold its connection forever (docs/decisions/121-resource-limits.md).
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
          connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
        },
        (req, res) => cacheFront(req, res) || handler(req, res),
      );
      server.maxConnections = config.maxConnections;
      server.on('checkExpectation', refuseExpectation(securityHeaders));
      return server;
    },
    clientErrorHandler: clientErrorHandler(securityHeaders),
    // An address that cannot be decoded: the API's 400, with the usual headers, never echoing it.
    frameworkErrors: (error, _request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      reply.headers(securityHeaders);
      reply.code(400).send({ detail: error.code === 'FST_ERR_BAD_URL' ? messages.malformedUrl : messages.malformedRequest });
    },
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // A private link's token never reaches the log (http/private-page.ts).
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // One line per request costs a third of the public API's throughput; errors are still logged (plugins/error-handler.ts).
    logController: new ServerLogController({ disableRequestLogging: true }),
    // A number of hops becomes proxy-addr's test "the first n addresses (the socket's is 0) are proxies".
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Fastify gives a plugin or an application hook 10 s before it fails the start. The first upkeep round
    // (onReady, below) shares the event loop with webpack's first build in development, and on a busy CI
    // machine once passed 10 s: a slow start is better than none.
    pluginTimeout: 120_000,
    // DRF's addresses end in '/'; accept them without it too rather than redirecting.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // JSON bodies held to their documented schema; the address coerced as before (http/validation.ts).
  app.setValidatorCompiler(compileValidator);
  // Expired trash entries and old activity go before the app listens, then hourly; closing waits for a round under way.
  const upkeep = scheduleUpkeep(upkeepJobs(services, app.log), app.log);
  app.addHook('onReady', async () => {
    // The outbox sends from when the app is ready until it closes (mail/outbox.ts).
    services.outbox?.start(app.log);
    await upkeep.start();
  });
  // From the moment closing begins, this instance claims no more mail; closing then waits for the message in hand.
  app.addHook('preClose', (done) => {
    services.outbox?.halt();
    done();
  });
  app.addHook('onClose', async () => {
    await services.outbox?.stop();
    await upkeep.stop();
    await services.db.destroy();
  });

  app.decorate('publicOrigin', publicOriginOf(config, server));

  installErrorHandler(app);
  // Before any plugin or route, so that every scope parses JSON with the nesting limit (http/json-body.ts).
  installJsonParser(app);
  registerSecurityHeaders(app, securityHeaders);
  // Every answer may write absolute addresses, so a request must at least name a host (HTTP/1.0 may omit it).
  app.addHook('onRequest', async (request, reply) => {
    if (!isValidHost(request.headers.host)) return reply.code(400).send({ detail: messages.invalidHost });
    if (isEncodedPreviewPath(request.raw.url ?? '')) return reply.callNotFound();
  });
  await app.register(multipart, {
    limits: { fileSize: FEATURED_IMAGE_MAX_BYTES, files: 3, fields: 40, parts: 50, fieldSize: FORM_FIELD_MAX_BYTES },
    throwFileSizeLimit: false,
  });
  await registerMedia(app, services.media, {
    shippedMediaDir: path.join(config.clientDir, 'media'),
    libraryImageOf: (stem) => libraryImageOfStem(services.db, stem),
  });
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      api.addHook('preValidation', refuseControlCharactersInRequest);
      await api.register(async (tokens) => {
        // Tokens are credentials: no cache, shared or private, may keep an answer that carries them.
        tokens.addHook('onSend', async (_request, reply) => {
          reply.header('Cache-Control', 'no-store');
        });
        await tokens.register(tokenRoutes, { services });
        await tokens.register(invitationRoutes, { services });
        await tokens.register(passwordResetRoutes, { services });
        await tokens.register(emailConfirmationRoutes, { services });
      });
      await api.register(publicRoutes, { services });
      await api.register(searchRoutes, { services });
      await api.register(publicPreviewRoutes, { services });
      await api.register(async (admin) => {
        admin.addHook('onRequest', requireAdmin(services));
        // What an administrator reads (drafts, hidden sections) is never kept by a browser or a proxy.
        admin.addHook('onSend', async (_request, reply) => {
          reply.header('Cache-Control', 'no-store');
        });
        await admin.register(sectionRoutes, { services });
        await admin.register(publicationRoutes, { services });
        await admin.register(previewLinkRoutes, { services });
        await admin.register(bulkRoutes, { services });
        await admin.register(biographyRoutes, { services });
        await admin.register(mediaRoutes, { services });
        await admin.register(uploadRoutes, { services });
        await admin.register(summaryRoutes, { services });
        await admin.register(dashboardRoutes, { services });
        await admin.register(trashRoutes, { services });
        await admin.register(revisionRoutes, { services });
        await admin.register(presenceRoutes, { services });
        await admin.register(activityRoutes, { services });
        await admin.register(accountRoutes, { services });
        await admin.register(userRoutes, { services });
        await admin.register(outboxRoutes, { services });
        await admin.register(siteSettingsRoutes, { services });
      });
    },
    { prefix: '/api' },
  );

  await registerSeoRoutes(app, services);
  await registerSpa(
    app,
    config,
    createPageResolver(services),
    () => visibleAddedSections(services),
    services.publicCache,
    async () => ({
      ...publicSiteSettings(await readSiteSettings(services.db, config.siteSettingsDefaults)),
      mail: services.mailer.enabled,
    }),
  );
  return { app, services };
}
