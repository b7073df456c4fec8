// QUALITY 28: links that leave the request (mails) come from the configuration, never from the
// Host header a client writes; in production with real mail the public address must be set.
import { encodeRequest } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLink, outboxFor, signedInUser } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import { ConfigError, loadConfig, publicAddress } from '../../config.js';

const EVIL = { host: 'evil.example', origin: 'http://evil.example' };

/** A sign-up sent to the portal under a foreign Host (with the matching Origin, so the origin check lets it in). */
async function signupUnderEvilHost(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/signup',
    headers: EVIL,
    payload: encodeRequest({ email, password: 'good-password' }),
  });
  expect(response.statusCode).toBe(200);
  const [mail] = await outboxFor(app, email);
  return confirmationLink(mail!.text).url;
}

async function appWith(env: Record<string, string>, test: (app: FastifyInstance) => Promise<void>) {
  const app = await buildTestApp({ env: { ACCOUNT_RATE_MAX: '100', ACCOUNT_RATE_ADDRESS_MAX: '1000', ...env } });
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

describe('links in mails', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The portal's configured origin, and no PUBLIC_BASE_URL (the default that used to take the Host).
    app = await buildTestApp({
      env: { PUBLIC_ORIGIN: 'https://portal.example.com', ACCOUNT_RATE_MAX: '100', ACCOUNT_RATE_ADDRESS_MAX: '1000' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a sign-up sent with Host: evil.example is confirmed at the configured origin', async () => {
    const link = await signupUnderEvilHost(app, 'host-header@example.com');
    expect(link.startsWith('https://portal.example.com/#/confirm?serial_id=')).toBe(true);
    expect(link).not.toContain('evil.example');
  });

  it('a ticket sent with Host: evil.example mails support a link to the configured origin', async () => {
    await app.settings.set({ supportEmail: 'support@example.com' });
    const user = await signedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/feedback/create',
      headers: { ...EVIL, cookie: user.cookie },
      payload: encodeRequest({ title: '连不上', desc: '所有节点超时' }),
    });
    expect(response.statusCode).toBe(200);
    await app.ticketNotifier.settled();
    const [mail] = await outboxFor(app, 'support@example.com');
    expect(mail!.text).toContain('https://portal.example.com/#/feedback');
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html ?? '').not.toContain('evil.example');
  });

  it('PUBLIC_BASE_URL first, else the first PUBLIC_ORIGIN, else the listening address, never the Host', async () => {
    await appWith(
      { PUBLIC_BASE_URL: 'https://www.example.com', PUBLIC_ORIGIN: 'https://shell.example.com' },
      async (withBase) => {
        expect(await signupUnderEvilHost(withBase, 'base@example.com')).toMatch(
          /^https:\/\/www\.example\.com\/#\/confirm\?/,
        );
      },
    );
    await appWith({ PUBLIC_ORIGIN: 'https://shell.example.com,https://admin.example.com' }, async (withOrigin) => {
      expect(await signupUnderEvilHost(withOrigin, 'origin@example.com')).toMatch(
        /^https:\/\/shell\.example\.com\/#\/confirm\?/,
      );
    });
    await appWith({ HOST: '127.0.0.1', PORT: '9977' }, async (listening) => {
      expect(await signupUnderEvilHost(listening, 'listen@example.com')).toMatch(
        /^http:\/\/127\.0\.0\.1:9977\/#\/confirm\?/,
      );
    });
  });
});

describe('the public address', () => {
  const base = { publicBaseUrl: '', publicOrigins: [] as string[], host: '0.0.0.0', port: 8080 };

  it('is PUBLIC_BASE_URL, else the first PUBLIC_ORIGIN, else the listening address (localhost for a wildcard)', () => {
    expect(
      publicAddress({ ...base, publicBaseUrl: 'https://portal.example.com', publicOrigins: ['https://x.example'] }),
    ).toBe('https://portal.example.com');
    expect(publicAddress({ ...base, publicOrigins: ['https://x.example', 'https://y.example'] })).toBe(
      'https://x.example',
    );
    expect(publicAddress(base)).toBe('http://localhost:8080');
    expect(publicAddress({ ...base, host: '::' })).toBe('http://localhost:8080');
    expect(publicAddress({ ...base, host: '::1', port: 3000 })).toBe('http://[::1]:3000');
    expect(publicAddress({ ...base, host: 'portal.internal', port: 80 })).toBe('http://portal.internal:80');
  });

  it('must be configured to start in production with SMTP: a clear error names PUBLIC_BASE_URL', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://user:secret@smtp.example.com:465' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /PUBLIC_BASE_URL must be set when NODE_ENV=production and SMTP_URL is set/,
    );
    // A configured origin does not stand in for it: PUBLIC_ORIGIN lists callers, not the portal's address.
    expect(() => loadConfig({ ...production, PUBLIC_ORIGIN: 'https://portal.example.com' })).toThrow(/PUBLIC_BASE_URL/);
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://portal.example.com' }).publicBaseUrl).toBe(
      'https://portal.example.com',
    );
    // Without SMTP (mail kept in the outbox) or outside production, it starts.
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => loadConfig({ SMTP_URL: production.SMTP_URL })).not.toThrow();
  });
});

describe('TRUST_PROXY', () => {
  const warning = (logs: LogCapture) =>
    logs.lines.find((l) => l.level === 40 && String(l.msg).startsWith('TRUST_PROXY=true'));

  it('true is warned about loudly at start-up; a list of proxies is not', async () => {
    const trusting = new LogCapture();
    const app = await buildTestApp({ env: { TRUST_PROXY: 'true' }, logs: trusting });
    await app.close();
    expect(String(warning(trusting)?.msg)).toMatch(/any X-Forwarded-For.*addresses or CIDRs/);

    const listed = new LogCapture();
    const other = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.0/8,loopback' }, logs: listed });
    await other.close();
    expect(warning(listed)).toBeUndefined();
  });
});
