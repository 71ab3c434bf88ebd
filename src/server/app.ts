import path from 'node:path';
import http from 'node:http';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { FEATURED_IMAGE_MAX_BYTES } from '@/domain/limits';
import { createCacheFront } from './cache/cache-front';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { requireAdmin } from './plugins/auth';
import { installErrorHandler } from './plugins/error-handler';
import { registerApiDocs } from './plugins/api-docs';
import { registerMedia } from './plugins/media';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { createPageMetaResolver, registerSeoRoutes } from './seo/seo-routes';
import { biographyRoutes } from './routes/biographies';
import { publicRoutes } from './routes/public';
import { publicationRoutes } from './routes/publications';
import { sectionRoutes } from './routes/sections';
import { tokenRoutes } from './routes/token';
import { uploadRoutes } from './routes/uploads';
import { createServices, type Services } from './services';

export interface App {
  app: FastifyInstance;
  services: Services;
}

/**
 * The whole HTTP server, not yet listening: plugins, then routes. Used by
 * main.ts and by the API tests. Closing the app closes the database.
 */
export async function buildApp(config: ServerConfig, options: { db?: Db; logger?: boolean } = {}): Promise<App> {
  const services = createServices(config, options.db);
  const cacheFront = createCacheFront(services.publicCache);
  const app = Fastify({
    // Cached public answers leave before Fastify builds a request (cache/cache-front.ts).
    serverFactory: (handler) => http.createServer((req, res) => cacheFront(req, res) || handler(req, res)),
    logger: options.logger === false ? false : { level: config.logLevel },
    // One line per request costs a third of the public API's throughput; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // DRF's addresses end in '/'; accept them without it too rather than redirecting.
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's own Ajv settings (coercion as DRF's serializers do, unknown fields
    // dropped where a schema closes the object), plus every failure at once so
    // that a form learns about all its fields in one answer.
    ajv: { customOptions: { allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onClose', async () => services.db.destroy());

  installErrorHandler(app);
  await registerSecurityHeaders(app, config.clientDev);
  await app.register(multipart, {
    limits: { fileSize: FEATURED_IMAGE_MAX_BYTES, files: 3, fields: 40, parts: 50, fieldSize: 4 * 1024 * 1024 },
    throwFileSizeLimit: false,
  });
  await registerMedia(app, services.media, path.join(config.clientDir, 'media'));
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      await api.register(tokenRoutes, { services });
      await api.register(publicRoutes, { services });
      await api.register(async (admin) => {
        admin.addHook('onRequest', requireAdmin(services));
        await admin.register(sectionRoutes, { services });
        await admin.register(publicationRoutes, { services });
        await admin.register(biographyRoutes, { services });
        await admin.register(uploadRoutes, { services });
      });
    },
    { prefix: '/api' },
  );

  await registerSeoRoutes(app, services);
  await registerSpa(app, config, createPageMetaResolver(services));
  return { app, services };
}
