import { Agent, setGlobalDispatcher } from 'undici';

/**
 * How long the tests' HTTP client keeps an idle connection for another request: well under
 * any test server's keep-alive, so that it never sends a request on a connection the server is
 * closing. The servers the tests talk to close idle connections after Node's 5 s (a process of
 * its own: test/api/process.test.ts, the scale-out instances) or after TEST_KEEP_ALIVE_MS (the
 * ones the tests build, api-server-constants.ts). Node's fetch would otherwise keep one about as
 * long as the server says it does (its Keep-Alive header, less a second or two), and on a busy machine a
 * request could leave on one the server had just closed: a reset that fetch does not retry for a
 * POST ("fetch failed … other side closed", ECONNRESET), which failed a test with no defect.
 */
export const CLIENT_KEEP_ALIVE_MS = 1000;

let installed = false;

/**
 * Makes every `fetch` of this Jest worker keep idle connections CLIENT_KEEP_ALIVE_MS at most,
 * whatever the server announces. Called by the test environments (node-environment.ts,
 * jsdom-with-fetch-environment.ts), not by setup files: those run inside the test file's own
 * global scope, while Node's fetch, the one tests and the app under jsdom use, reads its
 * dispatcher from the worker's real global scope.
 *
 * The undici package is undici 7, whose Agent serves Node 22's bundled fetch (undici 6, the
 * older handler interface) as well as Node 24's (undici 7) and later ones; undici 8 dropped that
 * older interface, so the package stays on 7 while Node 22 is supported.
 */
export function useShortKeepAlive(): void {
  if (installed) return;
  installed = true;
  setGlobalDispatcher(new Agent({ keepAliveTimeout: CLIENT_KEEP_ALIVE_MS, keepAliveMaxTimeout: CLIENT_KEEP_ALIVE_MS }));
}
