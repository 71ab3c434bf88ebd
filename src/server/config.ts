import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SITE_SETTINGS_VALUES, isSiteLink } from '@/domain/site-settings';
import { SOCIAL_NETWORKS, type SiteSettingsValues } from '@/domain/site-settings-values';
import { siteTimeZone } from './clock';
import { mediaStorageFromEnv, type MediaStorageSettings } from './media/media-config';
import { mailSettingsFromEnv, type MailSettings } from './mail/mail-config';
import { DEFAULT_IPV6_PREFIX } from './auth/client-network';

/** Everything the server reads from its environment, typed and defaulted. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the SQLite file, the generated secret and uploaded media live. */
  dataDir: string;
  /** postgres://... switches the database to PostgreSQL; undefined means SQLite under dataDir. */
  databaseUrl?: string;
  secretKey: string;
  admin?: { username: string; password: string };
  /** Seconds. */
  accessTokenLifetime: number;
  /** Seconds. */
  refreshTokenLifetime: number;
  /** Failed logins allowed per client network, per known browser and per username from unknown browsers, inside the window. */
  loginRateLimitMax: number;
  loginRateLimitWindowMs: number;
  /** Failed logins all unknown browsers together may make at one username in an hour (LOGIN_UNKNOWN_DEVICE_MAX). */
  loginUnknownDeviceMax: number;
  /** IPv6 clients are counted by this prefix (LOGIN_IPV6_PREFIX, 1–128): a /64 is one subscriber. */
  loginIpv6Prefix: number;
  /**
   * Password checks (scrypt) running at once per process (LOGIN_HASH_CONCURRENCY), so that
   * they leave libuv's thread pool to file reads; Infinity ('unbounded') is no bound.
   */
  loginHashConcurrency: number;
  /** Password checks that may wait for a place (LOGIN_HASH_QUEUE); beyond that, 503 with Retry-After. */
  loginHashQueue: number;
  /** The built SPA (webpack output). */
  clientDir: string;
  /** Template used when the SPA is not built (API-only runs and tests). */
  fallbackIndexFile: string;
  /** `npm run dev`: the SPA is built in memory with hot reloading (plugins/client-dev.ts); clientDir is then public/. */
  clientDev?: boolean;
  /** How often, at most, an instance asks the database whether public content changed. */
  cacheCheckIntervalMs: number;
  /**
   * Bytes the public cache may hold in this process (PUBLIC_CACHE_MAX_BYTES, 64 MiB by
   * default); an answer over an eighth of it is not kept. 'unbounded' lifts the
   * bound, for bench/public-cache-memory.ts to show what it prevents.
   */
  publicCacheMaxBytes: number;
  /**
   * 'Ajustes del sitio' of a site whose Administradores have saved none: the networks'
   * home pages and GIESE at /giese, or what SOCIAL_*_URL, GIESE_LABEL and GIESE_URL say
   * (docs/decisions/199). The first save stores them with its changes; from then on
   * the stored settings are the site's and these variables change nothing.
   */
  siteSettingsDefaults: SiteSettingsValues;
  logLevel: string;
  /** Processes serving HTTP (WEB_CONCURRENCY); 1 means no cluster. */
  workers: number;
  /**
   * Behind reverse proxies (TRUST_PROXY): how many hops, or which proxy
   * addresses, may say who the client is through X-Forwarded-For. false: none
   * (the socket's address is the client's). Never "trust everyone": the
   * first address of X-Forwarded-For is whatever the client wrote.
   */
  trustProxy: false | number | string[];
  /**
   * The site's public origin (PUBLIC_URL, e.g. https://master.example.org):
   * every absolute address the server writes (DRF's next/previous links,
   * og:url, the sitemap, robots.txt) starts with it, never with what a request's
   * Host or X-Forwarded-* headers say. Unset: http://{HOST}:{PORT} of this server.
   */
  publicUrl?: string;
  /** Milliseconds a request may take to arrive whole (headers and body) before it is cut with 408. */
  requestTimeoutMs: number;
  /** Milliseconds the headers may take to arrive. */
  headersTimeoutMs: number;
  /** Open connections one process accepts at most (MAX_CONNECTIONS); more are closed at once. */
  maxConnections: number;
  /**
   * Where uploads are kept (MEDIA_STORAGE: DATA_DIR/media, or the bucket of the S3_* variables) and
   * the public bucket or CDN that /media/images/… redirects to (MEDIA_PUBLIC_URL); docs/decisions/018.
   */
  mediaStorage: MediaStorageSettings;
  /** Days a deleted item waits in the trash ('Papelera') before it is purged for good (TRASH_RETENTION_DAYS). */
  trashRetentionDays: number;
  /** Days the activity log keeps an entry (ACTIVITY_RETENTION_DAYS); sign-in addresses go after 90 whatever this says. */
  activityRetentionDays: number;
  /** The SMTP server the outbox sends through (SMTP_URL, MAIL_FROM); unset, the site sends no mail. */
  mail?: MailSettings;
}

type Env = Record<string, string | undefined>;

const ROOT = path.resolve(__dirname, '..', '..');

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function ipv6Prefix(env: Env): number {
  const prefix = positiveInt(env, 'LOGIN_IPV6_PREFIX', DEFAULT_IPV6_PREFIX);
  if (prefix > 128) throw new Error(`LOGIN_IPV6_PREFIX must be between 1 and 128, got "${env.LOGIN_IPV6_PREFIX}"`);
  return prefix;
}

/**
 * SECRET_KEY signs the tokens. Without it, one is generated on first start and
 * kept in DATA_DIR, so that restarts do not log everybody out.
 */
function resolveSecretKey(env: Env, dataDir: string): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dataDir, 'secret_key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = crypto.randomBytes(48).toString('base64url');
    // 'wx' keeps the first writer's key if two processes start at once.
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
    return secret;
  }
}

/**
 * TRUST_PROXY: unset or 'false' trusts no proxy; 'true' trusts one hop (the
 * proxy in front of this server); a whole number, that many hops; anything
 * else, a comma-separated list of proxy addresses or CIDR ranges.
 */
function trustProxyFromEnv(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

/** PUBLIC_URL reduced to its origin; a value that is not an http(s) address is refused at start. */
function publicUrlFromEnv(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address such as https://master.example.org, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must start with http:// or https://, got "${raw}"`);
  return url.origin;
}

/** One link variable: unset keeps the default, '' means none, anything else must be an http(s) address or a site path. */
function linkFromEnv(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const value = raw.trim();
  if (value !== '' && !isSiteLink(value))
    throw new Error(`${name} must be an http(s) address or a path of the site such as /giese, got "${raw}"`);
  return value;
}

/** The settings' defaults: SOCIAL_{FACEBOOK,INSTAGRAM,X,YOUTUBE,LINKEDIN}_URL, GIESE_LABEL, GIESE_URL over the catalogue's. */
function siteSettingsDefaultsFromEnv(env: Env): SiteSettingsValues {
  const defaults = DEFAULT_SITE_SETTINGS_VALUES;
  return {
    ...defaults,
    social_links: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, linkFromEnv(env, `SOCIAL_${network.toUpperCase()}_URL`, defaults.social_links[network])]),
    ) as SiteSettingsValues['social_links'],
    research_group_name: env.GIESE_LABEL?.trim() || defaults.research_group_name,
    research_group_url: linkFromEnv(env, 'GIESE_URL', defaults.research_group_url),
  };
}

export function loadConfig(env: Env = process.env): ServerConfig {
  // SITE_TIME_ZONE is read where "today" is decided (clock.ts); an unknown zone stops the start here.
  siteTimeZone(env);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
  const publicUrl = publicUrlFromEnv(env.PUBLIC_URL);
  const admin = env.ADMIN_USERNAME && env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD } : undefined;
  return {
    port: env.PORT === undefined ? 8000 : Number(env.PORT),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    secretKey: resolveSecretKey(env, dataDir),
    admin,
    accessTokenLifetime: positiveInt(env, 'ACCESS_TOKEN_LIFETIME', 300),
    refreshTokenLifetime: positiveInt(env, 'REFRESH_TOKEN_LIFETIME', 86_400),
    loginRateLimitMax: positiveInt(env, 'LOGIN_RATE_LIMIT_MAX', 10),
    loginRateLimitWindowMs: positiveInt(env, 'LOGIN_RATE_LIMIT_WINDOW', 900) * 1000,
    loginUnknownDeviceMax: positiveInt(env, 'LOGIN_UNKNOWN_DEVICE_MAX', 30),
    loginIpv6Prefix: ipv6Prefix(env),
    // Two of libuv's four threads; 'unbounded' is the behaviour before the bound (bench/login-burst.ts).
    loginHashConcurrency: env.LOGIN_HASH_CONCURRENCY === 'unbounded' ? Infinity : positiveInt(env, 'LOGIN_HASH_CONCURRENCY', 2),
    loginHashQueue: positiveInt(env, 'LOGIN_HASH_QUEUE', 8),
    clientDir: path.resolve(env.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client')),
    fallbackIndexFile: path.join(ROOT, 'public', 'index.html'),
    cacheCheckIntervalMs: positiveInt(env, 'CACHE_CHECK_INTERVAL_MS', 1000),
    publicCacheMaxBytes:
      env.PUBLIC_CACHE_MAX_BYTES === 'unbounded' ? Infinity : positiveInt(env, 'PUBLIC_CACHE_MAX_BYTES', 64 * 1024 * 1024),
    siteSettingsDefaults: siteSettingsDefaultsFromEnv(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    publicUrl,
    requestTimeoutMs: positiveInt(env, 'REQUEST_TIMEOUT', 30) * 1000,
    headersTimeoutMs: positiveInt(env, 'HEADERS_TIMEOUT', 10) * 1000,
    maxConnections: positiveInt(env, 'MAX_CONNECTIONS', 1024),
    trashRetentionDays: positiveInt(env, 'TRASH_RETENTION_DAYS', 30),
    activityRetentionDays: positiveInt(env, 'ACTIVITY_RETENTION_DAYS', 365),
    workers: positiveInt(env, 'WEB_CONCURRENCY', 1),
    mediaStorage: mediaStorageFromEnv(env),
    mail: mailSettingsFromEnv(env, publicUrl),
  };
}
