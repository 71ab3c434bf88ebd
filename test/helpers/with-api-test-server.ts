import { getApiHost, setApiHost } from '@/client/api/base-query';
import { startTestServer, type TestServer } from './http-test-server';

/**
 * A real HTTP server for each test of the calling file, with the app's API
 * host pointed at it and restored afterwards. It answers an empty list until a
 * test sets another handler. Call at the top level of a test file; the
 * returned function gives the current test's server.
 */
export function withApiTestServer(): () => TestServer {
  let server: TestServer | undefined;
  let previousHost = '';

  beforeEach(async () => {
    server = await startTestServer(() => ({ body: [] }));
    previousHost = getApiHost();
    setApiHost(server.origin);
  });

  afterEach(async () => {
    setApiHost(previousHost);
    await server?.close();
  });

  return () => {
    if (!server) throw new Error('withApiTestServer: the server exists only inside a test.');
    return server;
  };
}
