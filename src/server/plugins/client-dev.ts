import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import webpack from 'webpack';
import webpackDevMiddleware from 'webpack-dev-middleware';
import webpackConfig from '../../../webpack.config';

/** Where webpack's output lives (in memory) and the hot-reload event stream answers. */
const ASSETS_PREFIX = '/assets/';
const HOT_PATH = '/__webpack_hmr';

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0];

export interface ClientDevServer {
  /** A freshly built document (HtmlWebpackPlugin's output: index.html or admin.html), once the build is ready. */
  readDocument(file: string): Promise<string>;
}

/**
 * Development only (`npm run dev`): the browser app built by webpack in
 * memory inside this server, rebuilt on every change, with hot module
 * replacement and React Fast Refresh over webpack-dev-middleware's event
 * stream. The server keeps its usual job for everything else (API, /media/,
 * the SPA routes rendered from the built documents), so development runs on
 * one origin exactly as production does.
 *
 * Only /assets/* and the event stream are handed to the middleware (Fastify
 * lets go of those replies); the middleware never sees an API call.
 */
export async function registerClientDevServer(app: FastifyInstance): Promise<ClientDevServer> {
  const config = webpackConfig({ hot: true }, { mode: 'development' });
  const compiler = webpack(config);
  const outputPath = config.output!.path!;
  compiler.hooks.done.tap('ClientDevServer', (stats) => {
    const seconds = ((stats.endTime - stats.startTime) / 1000).toFixed(1);
    app.log.info(
      stats.hasErrors() ? 'Aplicación del navegador: errores de compilación' : `Aplicación del navegador compilada (${seconds} s)`,
    );
  });
  const middleware = webpackDevMiddleware(compiler, {
    publicPath: '/',
    index: false,
    stats: 'errors-warnings',
    // The event stream carries module paths and source frames of build errors: this origin only.
    hot: { path: HOT_PATH, cors: false },
  });
  const ready = () => new Promise<void>((resolve) => middleware.waitUntilValid(() => resolve()));

  app.addHook('onRequest', (request, reply, done) => {
    const pathname = pathOf(request);
    if (pathname !== HOT_PATH && !pathname.startsWith(ASSETS_PREFIX)) return done();
    reply.hijack();
    void middleware(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end();
    });
  });

  // The event stream stays open: end it (and the watcher) before the server waits for its connections.
  app.addHook('preClose', (done) => {
    middleware.close(() => done());
  });

  return {
    async readDocument(file) {
      await ready();
      return middleware.context.outputFileSystem.readFileSync(path.join(outputPath, file), 'utf8');
    },
  };
}
