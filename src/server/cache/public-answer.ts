import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A public API answer made ready once for every client and every cache in
 * front of the site (a CDN): its bytes, compressed once with brotli and gzip,
 * a validator, and how long shared caches may keep it. Served many times from
 * the public cache (cache/public-cache.ts) without compressing or hashing
 * again (docs/decisions/017-http-caching-for-a-cdn.md).
 */
export interface CachedAnswer {
  /** The answer's bytes, uncompressed. */
  body: Buffer;
  /** Every header but the encoding's: type, ETag, Cache-Control, Vary and the security headers. */
  headers: Record<string, string | number | string[]>;
  /** The compressed twins of the body, when it is worth compressing. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Each form with its headers as it leaves, and the 304's: made once, so a hit builds nothing. */
  wire: { identity: Form; br?: Form; gzip?: Form; notModified: Headers };
}

type Headers = CachedAnswer['headers'];

interface Form {
  headers: Headers;
  body: Buffer;
}

export type Encoding = 'br' | 'gzip';

/**
 * Shared caches keep an answer 20 s and may serve it 30 s more while they
 * fetch a new one: an edit reaches every visitor within 50 s (plus the second
 * another instance takes to notice it, cache/public-cache.ts), under the
 * minute the site promises. Browsers revalidate every time (max-age=0), which
 * the ETag makes a small 304.
 */
export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=0, s-maxage=20, stale-while-revalidate=30';

/** Smaller bodies gain less from compression than its headers and CPU cost. */
const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A weak validator: the answer's meaning, shared by its identity, brotli and
 * gzip forms, so that If-None-Match matches whichever one a cache holds.
 */
export const weakEtag = (bytes: Buffer | string): string => `W/"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`;

export interface PrepareOptions {
  /** How long caches may keep it: PUBLIC_API_CACHE_CONTROL unless said (the sitemap says an hour). */
  cacheControl?: string;
}

/** One form of a body; the work runs on libuv's threads, not the event loop. */
const compress = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? // Quality 6 compresses JSON and HTML nearly as well as 11 in a small part of the time.
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzip(body);

/** Whether a body is worth compressing at all. */
const compressible = (body: Buffer) => body.length >= COMPRESS_FROM_BYTES;

/**
 * A body made for one request (a search answer, a page's HTML): unlike a
 * cached answer, compressed only in the form this client takes, if any.
 */
export async function compressFor(acceptEncoding: string | undefined, body: Buffer): Promise<{ encoding?: Encoding; body: Buffer }> {
  const encoding = compressible(body) ? preferredEncoding(acceptEncoding, { br: body, gzip: body }) : undefined;
  return encoding ? { encoding, body: await compress(body, encoding) } : { body };
}

/**
 * An answer in two steps, for a miss: `now` holds the one form the asking client takes (the body
 * alone when it takes none, as the server's own reads through `inject`), to send at once; `whole`
 * every form, made after on libuv's threads, to keep. Hashing and compressing run once; the body is
 * kept as a copy of its own bytes: one made by Buffer.from(string) is a view of a 64 KiB pool slab
 * (Node 24's Buffer.poolSize), and a kept view holds the whole slab (bench/pages.ts measured about
 * 70 KiB held for an 18 KiB page).
 */
export async function prepareAnswerFor(
  acceptEncoding: string | undefined,
  given: Buffer,
  headers: CachedAnswer['headers'],
  options: PrepareOptions = {},
): Promise<{ now: CachedAnswer; whole: Promise<CachedAnswer> }> {
  const body = own(given);
  const common: Headers = {
    ...withoutLength(headers),
    etag: weakEtag(body),
    'cache-control': options.cacheControl ?? PUBLIC_API_CACHE_CONTROL,
    vary: 'Accept-Encoding',
  };
  const encoded: CachedAnswer['encoded'] = {};
  const first = await compressFor(acceptEncoding, body);
  if (first.encoding) encoded[first.encoding] = own(first.body);
  const now = assemble(body, encoded, common);
  const rest = compressible(body) ? ENCODINGS.filter((encoding) => !encoded[encoding]) : [];
  const whole =
    rest.length === 0
      ? Promise.resolve(now)
      : Promise.all(rest.map((encoding) => compress(body, encoding))).then((forms) =>
          assemble(body, { ...encoded, ...Object.fromEntries(rest.map((encoding, i) => [encoding, own(forms[i])])) }, common),
        );
  return { now, whole };
}

/** An answer with every form made (a sitemap, a feed): what prepareAnswerFor keeps. */
export async function prepareAnswer(given: Buffer, headers: CachedAnswer['headers'], options: PrepareOptions = {}): Promise<CachedAnswer> {
  return (await prepareAnswerFor(undefined, given, headers, options)).whole;
}

const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** The answer's forms with their headers as they leave, and the 304's: made once, so that a hit builds nothing. */
function assemble(body: Buffer, encoded: CachedAnswer['encoded'], common: Headers): CachedAnswer {
  const form = (bytes: Buffer, encoding?: Encoding): Form => ({
    body: bytes,
    headers: { ...common, 'content-length': bytes.length, ...(encoding ? { 'content-encoding': encoding } : {}) },
  });
  // A 304 carries the validators and caching headers, but not the body's type or length.
  const { 'content-type': _type, ...notModified } = common;
  return {
    body,
    encoded,
    headers: common,
    wire: {
      identity: form(body),
      br: encoded.br && form(encoded.br, 'br'),
      gzip: encoded.gzip && form(encoded.gzip, 'gzip'),
      notModified,
    },
  };
}

/** The bytes a cached answer holds: every form of its body and its headers' text. */
export function answerBytes(answer: CachedAnswer): number {
  let bytes = answer.body.byteLength + (answer.encoded.br?.byteLength ?? 0) + (answer.encoded.gzip?.byteLength ?? 0);
  for (const [name, value] of Object.entries(answer.headers)) bytes += name.length + String(value).length;
  return bytes;
}

export interface Delivery {
  status: 200 | 304;
  headers: CachedAnswer['headers'];
  body?: Buffer;
}

/** What one request gets of an answer: 304 when it holds the same one, else the best form it accepts. */
export function deliver(answer: CachedAnswer, request: IncomingHttpHeaders): Delivery {
  const ifNoneMatch = request['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, answer.headers.etag as string))
    return { status: 304, headers: answer.wire.notModified };
  const acceptEncoding = request['accept-encoding'];
  const encoding = acceptEncoding === undefined ? undefined : preferredEncoding(acceptEncoding, answer.encoded);
  const { headers, body } = (encoding && answer.wire[encoding]) || answer.wire.identity;
  return { status: 200, headers, body };
}

/** If-None-Match uses the weak comparison: W/ is ignored on both sides; '*' matches any answer. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine);
}

/**
 * The encoding to send, by the client's Accept-Encoding (RFC 9110 §12.5.3):
 * the one with the highest q among those this answer has, brotli on a tie;
 * none when the client accepts neither (q=0 refuses).
 */
export function preferredEncoding(acceptEncoding: string | undefined, available: CachedAnswer['encoded']): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = encodingWeights(acceptEncoding);
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding | undefined;
  for (const encoding of ['br', 'gzip'] as const) {
    if (available[encoding] && weightOf(encoding) > 0 && (best === undefined || weightOf(encoding) > weightOf(best))) best = encoding;
  }
  return best;
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (a small, bounded memo). */
const parsedWeights = new Map<string, Map<string, number>>();

function encodingWeights(acceptEncoding: string): Map<string, number> {
  let weights = parsedWeights.get(acceptEncoding);
  if (weights) return weights;
  weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  if (parsedWeights.size >= 64) parsedWeights.clear();
  parsedWeights.set(acceptEncoding, weights);
  return weights;
}

const withoutLength = (headers: CachedAnswer['headers']) => {
  const { 'content-length': _length, ...rest } = headers;
  return rest;
};

/**
 * zlib's output, or a body made from a string, may be a view of a larger buffer; a cached
 * view would keep the whole of it alive, so the cache keeps a copy of exactly its bytes.
 */
function own(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.byteLength) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}
