import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/portal/data',
      database: { driver: 'pglite', dataDir: path.join('/srv/portal/data', 'pglite') },
      admin: { email: undefined, password: undefined },
      remotes: {
        mf_user: '/remotes/mf-user/mf-manifest.json',
        mf_shop: '/remotes/mf-shop/mf-manifest.json',
        mf_tutorials: '/remotes/mf-tutorials/mf-manifest.json',
        mf_admin: '/remotes/mf-admin/mf-manifest.json',
      },
      describeHost: '',
      staticRoot: REPO_ROOT,
      serveStatic: true,
      trustProxy: false,
      serviceTimezone: 'Asia/Shanghai',
      publicOrigins: [],
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/portal' });
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u:p@db:5432/portal' });
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'short',
        REMOTE_MF_SHOP_URL: 'ftp://x/y',
        LOG_LEVEL: 'loud',
        SERVICE_TIMEZONE: 'Mars/Olympus',
        PUBLIC_ORIGIN: 'https://ok.example.com,https://bad.example.com/path',
        SERVE_STATIC: 'maybe',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'ADMIN_PASSWORD',
      'REMOTE_MF_SHOP_URL',
      'LOG_LEVEL',
      'SERVICE_TIMEZONE',
      'PUBLIC_ORIGIN',
      'SERVE_STATIC',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('parses TRUST_PROXY as a switch or an address list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '2 hops' })).toThrow(/TRUST_PROXY/);
  });

  it('reads DATA_KEY as 32 bytes of hex or base64 and refuses anything else', () => {
    expect(loadConfig({}).dataKey).toBeUndefined();
    expect(loadConfig({ DATA_KEY: 'ab'.repeat(32) }).dataKey).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadConfig({ DATA_KEY: 'not-a-key' })).toThrow(/DATA_KEY/);
    expect(loadConfig({ DATA_KEY: 'ab'.repeat(32), DATA_KEY_PREVIOUS: 'cd'.repeat(32) }).dataKeyPrevious).toEqual(
      Buffer.alloc(32, 0xcd),
    );
    expect(() => loadConfig({ DATA_KEY_PREVIOUS: 'cd'.repeat(32) })).toThrow(/DATA_KEY_PREVIOUS needs DATA_KEY/);
  });

  it('normalises the admin e-mail and public origins', () => {
    const config = loadConfig({ ADMIN_EMAIL: 'Admin@Example.COM', PUBLIC_ORIGIN: 'https://portal.example.com/' });
    expect(config.admin.email).toBe('admin@example.com');
    expect(config.publicOrigins).toEqual(['https://portal.example.com']);
  });

  it('reads mail, public base URL, account limits and start-up data, with working defaults', () => {
    const defaults = loadConfig({}, '/srv/portal');
    expect(defaults).toMatchObject({
      publicBaseUrl: '',
      mail: { smtpUrl: '', from: '云梯加速 <no-reply@localhost>', outboxDir: '' },
      accountRateLimit: { perAccount: 5, perAddress: 20, timeWindowMs: 3_600_000 },
      subscriptionRateMax: 60,
      demoData: false,
      demoCouponCode: '',
      seedFile: '',
    });
    const set = loadConfig(
      {
        PUBLIC_BASE_URL: 'https://portal.example.com/',
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_OUTBOX_DIR: 'mail',
        DEMO_DATA: 'true',
        DEMO_COUPON_CODE: 'TRIAL-1',
        SEED_FILE: 'seed.json',
        ACCOUNT_RATE_MAX: '3',
        SUBSCRIPTION_RATE_MAX: '100000',
      },
      '/srv/portal',
    );
    expect(set).toMatchObject({
      publicBaseUrl: 'https://portal.example.com',
      mail: {
        smtpUrl: 'smtps://user:pass@smtp.example.com:465',
        from: '云梯加速 <no-reply@portal.example.com>',
        outboxDir: '/srv/portal/mail',
      },
      demoData: true,
      demoCouponCode: 'TRIAL-1',
      seedFile: '/srv/portal/seed.json',
      accountRateLimit: { perAccount: 3 },
      subscriptionRateMax: 100_000,
    });
    expect(loadConfig({ MAIL_FROM: 'no-reply@example.com' }).mail.from).toBe('no-reply@example.com');
  });

  it('names each bad mail or start-up setting', () => {
    let error: unknown;
    try {
      loadConfig({
        PUBLIC_BASE_URL: 'portal.example.com',
        SMTP_URL: 'http://smtp.example.com',
        MAIL_FROM: 'nobody',
        DEMO_COUPON_CODE: 'has spaces',
        DEMO_DATA: 'sometimes',
        ACCOUNT_RATE_MAX: '0',
      });
    } catch (err) {
      error = err;
    }
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PUBLIC_BASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'DEMO_COUPON_CODE',
      'DEMO_DATA',
      'ACCOUNT_RATE_MAX',
    ]) {
      expect(problems).toContain(name);
    }
  });
});
