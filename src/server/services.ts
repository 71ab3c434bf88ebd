import path from 'node:path';
import type { Transaction } from 'kysely';
import { HashingGate } from './auth/hashing-gate';
import { createLoginDevices, type LoginDevices } from './auth/login-devices';
import { LoginThrottle } from './auth/login-throttle';
import { createTokenIssuer, type TokenIssuer } from './auth/tokens';
import { answerBytes, type CachedAnswer } from './cache/public-answer';
import { PublicCache } from './cache/public-cache';
import type { ServerConfig } from './config';
import { bumpContentVersion, readContentVersion } from './db/content-version-repository';
import { createDatabase, type Db } from './db/database';
import type { Database } from './db/schema';
import { todayIso } from './clock';
import { mediaStorageFromSettings, type MediaStorage } from './media/media-storage';
import { createOutboxRunner, type OutboxRunner } from './mail/outbox';
import { createMailer, type Mailer } from './mail/mailer';
import { smtpTransport } from './mail/transport';

/** What routes need, built once per app and handed to each route plugin. */
export interface Services {
  config: ServerConfig;
  db: Db;
  tokens: TokenIssuer;
  loginThrottle: LoginThrottle;
  /** The browsers that once signed in as a username (device cookies, auth/login-devices.ts). */
  loginDevices: LoginDevices;
  /** Bounds the password checks running at once in this process (auth/hashing-gate.ts). */
  hashingGate: HashingGate;
  media: MediaStorage;
  /** Sends the outbox's mail (mail/outbox.ts); undefined when no SMTP server is configured. */
  outbox?: OutboxRunner;
  /** Writes the actions' messages to the outbox (mail/mailer.ts); does nothing when mail is not configured. */
  mailer: Mailer;
  publicCache: PublicCache<CachedAnswer>;
  /**
   * Runs a content write in one transaction that also bumps the content
   * version, then clears this instance's public cache. Throwing inside rolls
   * everything back.
   */
  writeContent<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

export function createServices(config: ServerConfig, db: Db = createDatabase(config)): Services {
  const publicCache = new PublicCache<CachedAnswer>({
    readVersion: () => readContentVersion(db),
    today: () => todayIso(),
    checkIntervalMs: config.cacheCheckIntervalMs,
    maxBytes: config.publicCacheMaxBytes,
    sizeOf: answerBytes,
  });
  const outbox = config.mail ? createOutboxRunner(db, config.mail, smtpTransport(config.mail)) : undefined;
  return {
    config,
    db,
    tokens: createTokenIssuer(config.secretKey, { access: config.accessTokenLifetime, refresh: config.refreshTokenLifetime }),
    // In the database, so that every worker and instance counts the same attempts.
    loginThrottle: new LoginThrottle(db, {
      max: config.loginRateLimitMax,
      windowMs: config.loginRateLimitWindowMs,
      unknownDevicesPerHour: config.loginUnknownDeviceMax,
    }),
    loginDevices: createLoginDevices(config.secretKey),
    hashingGate: new HashingGate(config.loginHashConcurrency, config.loginHashQueue),
    media: mediaStorageFromSettings(config.mediaStorage, path.join(config.dataDir, 'media')),
    outbox,
    mailer: createMailer(config.publicUrl, outbox),
    publicCache,
    async writeContent(work) {
      const result = await db.transaction().execute(async (trx) => {
        // The bump comes first: it takes the write lock (SQLite) or the version row's
        // lock (PostgreSQL) before anything is read, so content writes from any
        // process run one after another and never act on what another write is
        // changing (two sections with one title both choosing the same slug, or
        // SQLite failing a read-then-write transaction with SQLITE_BUSY).
        await bumpContentVersion(trx);
        return work(trx);
      });
      publicCache.invalidate();
      return result;
    },
  };
}
