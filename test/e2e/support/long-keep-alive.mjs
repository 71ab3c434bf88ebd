/**
 * Loaded before every browser-test site's server (`--import`, support/sites.ts):
 * its HTTP server keeps an idle connection ten minutes, longer than any test,
 * instead of Node's 5 s. Playwright's request client (page.request) reuses a
 * connection it holds without retrying, so a request sent as the server closed
 * that connection at 5 s failed with ECONNRESET on a busy machine (seen once in
 * a whole run). The site's own 5 s stays in production, where nginx lets go of
 * idle connections first (deploy/nginx). Test code only; the API tests' servers
 * do the same (test/helpers/api-server-constants.ts).
 */
import http from 'node:http';

const TEST_KEEP_ALIVE_MS = 10 * 60_000;
const createServer = http.createServer;

http.createServer = function createServerKeepingConnections(...args) {
  const server = createServer.apply(this, args);
  server.keepAliveTimeout = TEST_KEEP_ALIVE_MS;
  return server;
};
