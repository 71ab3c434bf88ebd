import { getApiHost, setApiHost } from '@/client/api/base-query';
import { startFaultInjectingServer, type FaultInjectingServer } from './fault-injecting-server';

/**
 * A fault-injecting stand-in API (fault-injecting-server.ts) for each test of
 * the calling file, with the app's API host pointed at it and restored
 * afterwards: for 5xx answers, delays, hangs and lost connections, which the
 * real server (real-api-server.ts) cannot be made to produce. It answers an
 * empty list until a test sets another handler. Call at the top level of a
 * test file; the returned function gives the current test's server.
 */
export function withFaultInjectingServer(): () => FaultInjectingServer {
  let server: FaultInjectingServer | undefined;
  let previousHost = '';

  beforeEach(async () => {
    server = await startFaultInjectingServer(() => ({ body: [] }));
    previousHost = getApiHost();
    setApiHost(server.origin);
  });

  afterEach(async () => {
    setApiHost(previousHost);
    await server?.close();
  });

  return () => {
    if (!server) throw new Error('withFaultInjectingServer: the server exists only inside a test.');
    return server;
  };
}
