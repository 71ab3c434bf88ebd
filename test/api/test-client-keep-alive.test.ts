import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CLIENT_KEEP_ALIVE_MS } from '../helpers/short-keep-alive';

// The tests' fetch lets an idle connection go on its own, long before a server would
// (test/helpers/short-keep-alive.ts), so a request never leaves on one the server is closing.
it('lets an idle connection go after CLIENT_KEEP_ALIVE_MS, though the server would keep it a minute', async () => {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (_request, response) => response.end('ok'));
  const sockets: Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let guard: NodeJS.Timeout | undefined;
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    expect(await (await fetch(url)).text()).toBe('ok');
    expect(sockets).toHaveLength(1);
    const idleSince = performance.now();
    // Closed by the client well before the server's minute (10 s is only how long the test waits for it).
    const idleFor = await Promise.race([
      new Promise<number>((resolve) => sockets[0].once('close', () => resolve(performance.now() - idleSince))),
      new Promise<string>((resolve) => (guard = setTimeout(() => resolve('still open after 10 s'), 10_000))),
    ]);
    expect(idleFor).toEqual(expect.any(Number));
    expect(idleFor as number).toBeGreaterThanOrEqual(CLIENT_KEEP_ALIVE_MS - 100);
    // The next request opens a new connection.
    expect(await (await fetch(url)).text()).toBe('ok');
    expect(sockets).toHaveLength(2);
  } finally {
    clearTimeout(guard);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
