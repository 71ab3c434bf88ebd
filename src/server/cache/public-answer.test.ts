import zlib from 'node:zlib';
import {
  answerBytes,
  deliver,
  matchesEtag,
  preferredEncoding,
  prepareAnswer,
  prepareAnswerFor,
  PUBLIC_API_CACHE_CONTROL,
} from './public-answer';

const json = (size: number) =>
  Buffer.from(JSON.stringify({ results: Array.from({ length: size }, (_, i) => ({ id: i, title: `Publicación ${i}` })) }));

describe('a public answer made ready once', () => {
  it('carries a validator, the shared-cache lifetime and Vary, and compresses a large body both ways', async () => {
    const body = json(200);
    const answer = await prepareAnswer(body, { 'content-type': 'application/json', 'content-length': 999 });
    expect(answer.headers).toMatchObject({
      'cache-control': PUBLIC_API_CACHE_CONTROL,
      vary: 'Accept-Encoding',
      'content-type': 'application/json',
    });
    expect(answer.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(answer.headers['content-length']).toBeUndefined();
    expect(zlib.brotliDecompressSync(answer.encoded.br!)).toEqual(body);
    expect(zlib.gunzipSync(answer.encoded.gzip!)).toEqual(body);
    expect(answer.encoded.br!.length).toBeLessThan(body.length / 3);
    expect(answerBytes(answer)).toBeGreaterThan(body.length + answer.encoded.br!.length + answer.encoded.gzip!.length);
  });

  it('leaves a small body uncompressed, and gives equal bodies equal validators', async () => {
    const a = await prepareAnswer(Buffer.from('{"count":0}'), {});
    const b = await prepareAnswer(Buffer.from('{"count":0}'), {});
    const c = await prepareAnswer(Buffer.from('{"count":1}'), {});
    expect(a.encoded).toEqual({});
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.headers.etag).not.toBe(c.headers.etag);
  });

  it('keeps a copy of exactly its bytes, not a view of a larger buffer', async () => {
    const slab = Buffer.alloc(64 * 1024, 'x');
    const view = slab.subarray(1000, 1000 + 2000);
    const answer = await prepareAnswer(view, {});
    expect(answer.body).toEqual(view);
    expect(answer.body.buffer.byteLength).toBe(2000);
  });

  it('delivers 304 to a matching If-None-Match, else the preferred encoding with its length', async () => {
    const answer = await prepareAnswer(json(200), { 'content-type': 'application/json' });
    const etag = String(answer.headers.etag);
    const notModified = deliver(answer, { 'if-none-match': `"otro", ${etag}` });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(deliver(answer, { 'if-none-match': etag }).headers['content-type']).toBeUndefined();
    const gz = deliver(answer, { 'accept-encoding': 'gzip' });
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-length': answer.encoded.gzip!.length });
    const plain = deliver(answer, {});
    expect(plain.body).toBe(answer.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe("a miss's answer: the asked form at once, every form to keep", () => {
  it('makes only the form the client prefers before answering, and reuses it in the whole answer', async () => {
    const body = json(200);
    const { now, whole } = await prepareAnswerFor('gzip, br', body, { 'content-type': 'application/json' });
    expect(Object.keys(now.encoded)).toEqual(['br']);
    expect(deliver(now, { 'accept-encoding': 'gzip, br' }).headers['content-encoding']).toBe('br');
    const kept = await whole;
    expect(kept.encoded.br).toBe(now.encoded.br);
    expect(zlib.gunzipSync(kept.encoded.gzip!)).toEqual(body);
    expect(kept.headers).toEqual(now.headers);
    expect(deliver(kept, { 'accept-encoding': 'gzip' }).headers['content-encoding']).toBe('gzip');
  });

  it("answers the server's own reads (no Accept-Encoding) with the body alone, and compresses after", async () => {
    const body = json(200);
    const { now, whole } = await prepareAnswerFor(undefined, body, {});
    expect(now.encoded).toEqual({});
    expect(deliver(now, { 'accept-encoding': 'br' }).body).toEqual(body);
    expect(Object.keys((await whole).encoded).sort()).toEqual(['br', 'gzip']);
  });

  it('has nothing more to make for a small body', async () => {
    const { now, whole } = await prepareAnswerFor('br', Buffer.from('{"count":0}'), {});
    expect(now.encoded).toEqual({});
    expect(await whole).toBe(now);
  });
});

describe('preferredEncoding', () => {
  const both = { br: Buffer.alloc(1), gzip: Buffer.alloc(1) };
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header, both)).toBe(expected);
  });

  it('offers only the forms the answer has', () => {
    expect(preferredEncoding('br, gzip', {})).toBeUndefined();
  });
});

describe('matchesEtag', () => {
  it('compares weakly and understands lists and *', () => {
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
