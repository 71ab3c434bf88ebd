import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('has safe defaults: port 8000, loopback, SQLite, SimpleJWT lifetimes', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      accessTokenLifetime: 300,
      refreshTokenLifetime: 86_400,
    });
    expect(config.admin).toBeUndefined();
    expect(config.siteSettings.researchGroup).toEqual({ label: 'GIESE', url: '/giese' });
    expect(config.siteSettings.socialLinks.map((l) => l.network)).toEqual(['facebook', 'instagram', 'x', 'youtube', 'linkedin']);
  });

  it('generates a secret once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'propio' }).secretKey).toBe('propio');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      ADMIN_USERNAME: 'ana',
      ADMIN_PASSWORD: 'clave',
      ACCESS_TOKEN_LIFETIME: '2',
      REFRESH_TOKEN_LIFETIME: '60',
      LOGIN_RATE_LIMIT_MAX: '1000',
      GIESE_URL: 'https://giese.es',
      SOCIAL_YOUTUBE_URL: 'https://youtube.com/@master',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      admin: { username: 'ana', password: 'clave' },
    });
    expect(config).toMatchObject({ accessTokenLifetime: 2, refreshTokenLifetime: 60, loginRateLimitMax: 1000 });
    expect(config.siteSettings.researchGroup.url).toBe('https://giese.es');
    expect(config.siteSettings.socialLinks.find((l) => l.network === 'youtube')?.url).toBe('https://youtube.com/@master');
  });

  it('refuses unusable numbers instead of guessing', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_LIFETIME: 'cinco' })).toThrow('ACCESS_TOKEN_LIFETIME');
  });
});
