import Fastify from 'fastify';
import zlib from 'node:zlib';
import type { CachedAnswer } from '../cache/public-answer';
import { sendAndKeep } from './cached-reply';

const body = Buffer.from(JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Publicación ${i}` })) }));

/** A route that answers a miss with sendAndKeep; resolves `kept` with what it kept. */
function appKeeping() {
  const kept: CachedAnswer[] = [];
  let keptOnce!: () => void;
  const keptNow = new Promise<void>((resolve) => (keptOnce = resolve));
  const app = Fastify();
  app.get('/respuesta', (request, reply) => {
    reply.type('application/json');
    return sendAndKeep(request, reply, body, (answer) => {
      kept.push(answer);
      keptOnce();
    });
  });
  return { app, kept, keptNow };
}

describe('a miss answered with sendAndKeep', () => {
  it('leaves in the form its client takes, and is kept only with every form', async () => {
    const { app, kept, keptNow } = appKeeping();
    const reply = await app.inject({ url: '/respuesta', headers: { 'accept-encoding': 'gzip' } });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(reply.rawPayload)).toEqual(body);
    await keptNow;
    // Never a form short: a hit must answer every client in the form it prefers.
    expect(kept.map((answer) => Object.keys(answer.encoded).sort())).toEqual([['br', 'gzip']]);
    expect(kept[0].headers.etag).toBe(reply.headers.etag);
    await app.close();
  });

  it("answers the server's own reads (no Accept-Encoding) with the body alone, and still keeps every form", async () => {
    const { app, kept, keptNow } = appKeeping();
    const reply = await app.inject({ url: '/respuesta' });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.rawPayload).toEqual(body);
    await keptNow;
    expect(kept.map((answer) => Object.keys(answer.encoded).sort())).toEqual([['br', 'gzip']]);
    await app.close();
  });
});
