import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SITE_SETTINGS } from '@/domain/catalogue';
import { type SiteSettings } from '@/domain/entities';

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
  /** Failed logins allowed per IP and per username inside the window. */
  loginRateLimitMax: number;
  loginRateLimitWindowMs: number;
  /** The built SPA (webpack output). */
  clientDir: string;
  /** Template used when the SPA is not built (API-only runs and tests). */
  fallbackIndexFile: string;
  /** `npm run dev`: the SPA is built in memory with hot reloading (plugins/client-dev.ts); clientDir is then public/. */
  clientDev?: boolean;
  /** How often, at most, an instance asks the database whether public content changed. */
  cacheCheckIntervalMs: number;
  siteSettings: SiteSettings;
  logLevel: string;
  /** Processes serving HTTP (WEB_CONCURRENCY); 1 means no cluster. */
  workers: number;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (login rate limit per IP). */
  trustProxy: boolean;
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

/**
 * SECRET_KEY signs the tokens. Without it, one is generated on first start and
 * kept in DATA_DIR, so that restarts do not log everybody out.
 */
export function resolveSecretKey(env: Env, dataDir: string): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dataDir, 'secret_key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
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

export function siteSettingsFromEnv(env: Env): SiteSettings {
  return {
    // SOCIAL_FACEBOOK_URL, SOCIAL_INSTAGRAM_URL, SOCIAL_X_URL, SOCIAL_YOUTUBE_URL, SOCIAL_LINKEDIN_URL
    socialLinks: DEFAULT_SITE_SETTINGS.socialLinks.map((link) => ({ ...link, url: env[`SOCIAL_${link.network.toUpperCase()}_URL`] ?? link.url })),
    researchGroup: {
      label: env.GIESE_LABEL ?? DEFAULT_SITE_SETTINGS.researchGroup.label,
      url: env.GIESE_URL ?? DEFAULT_SITE_SETTINGS.researchGroup.url,
    },
  };
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data'));
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
    clientDir: path.resolve(env.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client')),
    fallbackIndexFile: path.join(ROOT, 'public', 'index.html'),
    cacheCheckIntervalMs: positiveInt(env, 'CACHE_CHECK_INTERVAL_MS', 1000),
    siteSettings: siteSettingsFromEnv(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    workers: positiveInt(env, 'WEB_CONCURRENCY', 1),
  };
}
