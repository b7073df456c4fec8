import { createServer, type AddressInfo } from 'node:net';
import { Codes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, confirmationLink, confirmCall, login } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import { parseMail } from '../../../test/mime.js';

interface Received {
  user: unknown;
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;

/** A real SMTP server on loopback (plain, AUTH required). */
beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'secret pass') callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user,
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function appWith(smtpUrl: string, logs?: LogCapture): Promise<FastifyInstance> {
  return buildTestApp({
    env: {
      SMTP_URL: smtpUrl,
      MAIL_FROM: '云梯加速 <no-reply@portal.example.com>',
      PUBLIC_BASE_URL: 'https://portal.example.com',
    },
    ...(logs === undefined ? {} : { logs }),
  });
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('mail over SMTP', () => {
  it('delivers the sign-up confirmation in Chinese from MAIL_FROM, authenticated, with a PUBLIC_BASE_URL link that confirms the account', async () => {
    const logs = new LogCapture();
    const app = await appWith(`smtp://mailer:${encodeURIComponent('secret pass')}@127.0.0.1:${smtpPort}`, logs);
    try {
      const { result } = await call(app, '/api/user/signup', {
        email: 'smtp-user@example.com',
        password: 'good-password',
      });
      expect(result.code).toBe(0);

      const mail = received.find((m) => m.to.includes('smtp-user@example.com'));
      expect(mail).toBeDefined();
      expect(mail!.user).toBe('mailer');
      expect(mail!.from).toBe('no-reply@portal.example.com');
      const parsed = parseMail(mail!.raw);
      expect(parsed.headers.get('from')).toContain('no-reply@portal.example.com');
      expect(parsed.subject).toBe('请验证您的邮箱 - 云梯加速');
      const text = parsed.parts.find((p) => p.type === 'text/plain')!.body;
      const html = parsed.parts.find((p) => p.type === 'text/html')!.body;
      expect(text).toContain('感谢您注册云梯加速');
      const link = confirmationLink(text);
      expect(link.url.startsWith('https://portal.example.com/#/confirm?serial_id=')).toBe(true);
      expect(html).toContain(link.key);

      // Nothing went to the outbox table: it is only for running without SMTP.
      expect(await app.database.query('SELECT id FROM mail_outbox')).toEqual([]);

      expect(
        (await confirmCall(app, '/api/account/signup_confirm', { serial_id: link.serial_id, key: link.key })).body,
      ).toEqual({
        Code: 0,
      });
      expect(await login(app, 'smtp-user@example.com', 'good-password')).toMatch(/^sid=/);

      // With SMTP the key travels only in the mail: the request log masks it, and nothing else logs it.
      const logged = JSON.stringify(logs.lines);
      expect(logged).toContain('/api/account/signup_confirm?serial_id=');
      expect(logged).toContain('key=***');
      expect(logged).not.toContain(link.key);
      expect(logged).not.toContain('secret pass');
    } finally {
      await app.close();
    }
  });

  it('answers a clear error when the mail cannot be sent, and leaves no account behind', async () => {
    const app = await appWith(`smtp://127.0.0.1:${await closedPort()}`);
    try {
      const { status, result } = await call(app, '/api/user/signup', {
        email: 'unlucky@example.com',
        password: 'good-password',
      });
      expect(status).toBe(503);
      expect(result).toEqual({ code: Codes.UNAVAILABLE, data: {}, msg: '邮件发送失败，请稍后再试' });
      expect(await app.database.query("SELECT id FROM users WHERE email = 'unlucky@example.com'")).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
