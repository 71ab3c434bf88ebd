import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /api/sections/?page=2 */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestReply {
  status?: number;
  body?: unknown;
  /** Milliseconds to wait before answering. */
  delay?: number;
  /** Never answer (for timeouts). */
  hang?: boolean;
  /** Close the connection without answering (a connection the server had just closed, a network cut). */
  drop?: boolean;
}

export type TestHandler = (request: RecordedRequest) => TestReply | Promise<TestReply>;

/**
 * A stand-in API that answers whatever the test scripts: only for what the
 * real server (real-api-server.ts) cannot be made to do on demand, such as
 * failing with a 5xx, answering late, hanging until a timeout, or being gone.
 * Data flows (sign-in, saves, conflicts, lists...) belong on the real server.
 * Each request is recorded, then answered by `handler` as JSON.
 *
 *   const server = await startFaultInjectingServer(() => ({ status: 503 }));
 *   setApiHost(server.origin);
 *   await server.close();
 */
export async function startFaultInjectingServer(handler: TestHandler) {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  let current = handler;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const answer = async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = await current(recorded);
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      if (reply.drop) {
        res.socket?.destroy();
        return;
      }
      if (reply.delay) await new Promise((resolve) => setTimeout(resolve, reply.delay));
      const status = reply.status ?? 200;
      if (status === 204) {
        res.writeHead(204).end();
        return;
      }
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body ?? {}));
    };
    req.on('end', () => void answer());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    /** The API base as the client sees it. */
    apiBase: `${origin}/api`,
    requests,
    /** Requests whose path starts with `prefix` (e.g. '/api/token/refresh/'). */
    requestsTo: (prefix: string) => requests.filter((r) => r.url.startsWith(prefix)),
    setHandler(next: TestHandler) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FaultInjectingServer = Awaited<ReturnType<typeof startFaultInjectingServer>>;
