type Env = Record<string, string | undefined>;

/** A bucket on Amazon S3 or on an S3-compatible server. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible server's address; buckets are then addressed by path (endpoint/bucket/key). */
  endpoint?: string;
  /** S3_PREFIX normalised: '' or segments ending in '/', prepended to every key. */
  prefix: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset, the SDK's own chain (AWS_* variables, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Where uploads are kept (MEDIA_STORAGE): DATA_DIR/media, or a bucket; and
 * where browsers may fetch them directly (MEDIA_PUBLIC_URL), if anywhere.
 */
export type MediaStorageSettings = ({ kind: 'local' } | ({ kind: 's3' } & S3Settings)) & { publicUrl?: string };

const value = (env: Env, name: string): string | undefined => {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
};

function httpUrl(name: string, raw: string, example: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) address such as ${example}, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must start with http:// or https://, got "${raw}"`);
  return url;
}

/** The S3_* variables; a bucket without its name or region is refused at start. */
export function s3SettingsFromEnv(env: Env): S3Settings {
  const bucket = value(env, 'S3_BUCKET');
  const region = value(env, 'S3_REGION');
  const missing = [bucket ? null : 'S3_BUCKET', region ? null : 'S3_REGION'].filter(Boolean);
  if (missing.length > 0) throw new Error(`MEDIA_STORAGE=s3 needs S3_BUCKET and S3_REGION; missing: ${missing.join(', ')}`);
  const endpointRaw = value(env, 'S3_ENDPOINT');
  const endpoint =
    endpointRaw === undefined ? undefined : httpUrl('S3_ENDPOINT', endpointRaw, 'http://127.0.0.1:9000').toString().replace(/\/+$/, '');
  const accessKeyId = value(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = value(env, 'S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS_* variables or an instance role',
    );
  const segments = (value(env, 'S3_PREFIX') ?? '').split('/').filter(Boolean);
  if (segments.some((segment) => segment === '.' || segment === '..'))
    throw new Error(`S3_PREFIX must not contain "." or ".." segments, got "${env.S3_PREFIX}"`);
  return {
    bucket: bucket!,
    region: region!,
    endpoint,
    prefix: segments.map((segment) => `${segment}/`).join(''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** MEDIA_STORAGE: 'local' (the default) or 's3'; and MEDIA_PUBLIC_URL. */
export function mediaStorageFromEnv(env: Env): MediaStorageSettings {
  const kind = value(env, 'MEDIA_STORAGE') ?? 'local';
  const publicUrl = mediaPublicUrlFromEnv(env);
  if (kind === 'local') return { kind: 'local', publicUrl };
  if (kind === 's3') return { kind: 's3', ...s3SettingsFromEnv(env), publicUrl };
  throw new Error(`MEDIA_STORAGE must be "local" or "s3", got "${env.MEDIA_STORAGE}"`);
}

/**
 * MEDIA_PUBLIC_URL: where the stored keys can be fetched directly (a public
 * bucket, or a CDN in front of it), without a trailing slash; the key
 * `images/x.jpg` is then at `{MEDIA_PUBLIC_URL}/images/x.jpg`.
 */
function mediaPublicUrlFromEnv(env: Env): string | undefined {
  const raw = value(env, 'MEDIA_PUBLIC_URL');
  if (raw === undefined) return undefined;
  const url = httpUrl('MEDIA_PUBLIC_URL', raw, 'https://cdn.example.org/media');
  if (url.search || url.hash) throw new Error(`MEDIA_PUBLIC_URL must be a plain base address, without ? or #, got "${raw}"`);
  return url.toString().replace(/\/+$/, '');
}
