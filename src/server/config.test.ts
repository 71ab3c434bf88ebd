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
    expect(config.siteSettingsDefaults).toMatchObject({ research_group_name: 'GIESE', research_group_url: '/giese', contact_email: '' });
    expect(Object.keys(config.siteSettingsDefaults.social_links)).toEqual(['facebook', 'instagram', 'x', 'youtube', 'linkedin']);
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
      GIESE_LABEL: 'Grupo GIESE',
      SOCIAL_YOUTUBE_URL: 'https://youtube.com/@master',
      SOCIAL_X_URL: '',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      admin: { username: 'ana', password: 'clave' },
    });
    expect(config).toMatchObject({ accessTokenLifetime: 2, refreshTokenLifetime: 60, loginRateLimitMax: 1000 });
    // The settings' defaults, until an Administrador saves 'Ajustes del sitio' (docs/decisions/199); '' is no link.
    expect(config.siteSettingsDefaults).toMatchObject({ research_group_name: 'Grupo GIESE', research_group_url: 'https://giese.es' });
    expect(config.siteSettingsDefaults.social_links).toMatchObject({ youtube: 'https://youtube.com/@master', x: '' });
  });

  it('refuses unusable numbers instead of guessing', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ACCESS_TOKEN_LIFETIME: 'cinco' })).toThrow('ACCESS_TOKEN_LIFETIME');
    expect(() => loadConfig({ DATA_DIR: dataDir, SOCIAL_X_URL: 'javascript:alert(1)' })).toThrow('SOCIAL_X_URL');
    expect(() => loadConfig({ DATA_DIR: dataDir, GIESE_URL: '//otro.example' })).toThrow('GIESE_URL');
  });
});
