import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Codes,
  cookieNames,
  DEFAULT_CHANNEL_CODE,
  messages,
  type ChannelInfo,
  type HostInfo,
  type UserInfo,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  confirmCall,
  confirmationLink,
  confirmPath,
  lastLinkFor,
  login,
  outboxFor,
  signedInUser,
} from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import { sha256Hex } from '../../lib/random.js';
import { CONCURRENCY } from '../../../test/concurrency.js';
import { CONFIRM_REPEAT_MS } from './registration.js';

let app: FastifyInstance;
const logs = new LogCapture();
const dropDir = mkdtempSync(path.join(tmpdir(), 'bff-mail-drop-'));

beforeAll(async () => {
  // Rate limits have their own test; here every call must reach the service.
  app = await buildTestApp({
    env: { MAIL_OUTBOX_DIR: dropDir, ACCOUNT_RATE_MAX: '100', ACCOUNT_RATE_ADDRESS_MAX: '1000' },
    logs,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dropDir, { recursive: true, force: true });
});

const signup = (email: string, password = 'good-password', cookie?: string) =>
  call(
    app,
    '/api/user/signup',
    { email, password, icon_url: '/logo.png', host: 'localhost' },
    cookie === undefined ? {} : { cookie },
  );

describe('signup', () => {
  it('creates an unconfirmed account without a type, records the inviter code, and mails a confirmation link', async () => {
    const { status, result } = await signup(
      'New.User@Example.com',
      'good-password',
      `${cookieNames.channelCode}=INVITE42`,
    );
    expect(status).toBe(200);
    expect(result).toMatchObject({ code: 0 });

    const [row] = await app.database.query<Record<string, unknown>>(
      'SELECT email, type, email_confirmed, channel_code, icon, password_hash FROM users WHERE email = $1',
      ['new.user@example.com'],
    );
    expect(row).toMatchObject({ type: null, email_confirmed: false, channel_code: 'INVITE42', icon: '/logo.png' });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);

    const mails = await outboxFor(app, 'new.user@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('验证');
    expect(mails[0]!.text).toContain('验证邮箱');
    const link = confirmationLink(mails[0]!.text);
    // No PUBLIC_BASE_URL nor PUBLIC_ORIGIN: the address the server listens on (0.0.0.0:8080 by default), never the request's Host.
    expect(link.url).toMatch(
      /^http:\/\/localhost:8080\/#\/confirm\?serial_id=[0-9a-f]{24}&key=[\w-]+&action=signup_confirm$/,
    );
    expect(link.action).toBe('signup_confirm');
    expect(Buffer.from(link.key, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(mails[0]!.html).toContain(`href="${link.url.replaceAll('&', '&#38;')}"`);

    // Only the key's hash is stored.
    const tokens = await app.database.query<{ key_hash: string }>('SELECT key_hash FROM email_tokens WHERE id = $1', [
      link.serial_id,
    ]);
    expect(tokens).toEqual([{ key_hash: sha256Hex(link.key) }]);

    // The link is in the log (info) so that sign-up works without SMTP.
    const logged = logs.lines.find((l) => String(l.msg).includes(link.url));
    expect(logged?.level).toBe(30);

    // ... and in the file drop of MAIL_OUTBOX_DIR.
    const dropped = readdirSync(dropDir)
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) =>
          JSON.parse(readFileSync(path.join(dropDir, f), 'utf8')) as { to: string; links: string[]; subject: string },
      );
    expect(dropped.find((m) => m.to === 'new.user@example.com')).toMatchObject({
      links: [link.url],
      subject: mails[0]!.subject,
    });
  });

  it('refuses a registered (confirmed) e-mail with 1001, whatever its case', async () => {
    await signup('taken@example.com');
    const link = await lastLinkFor(app, 'taken@example.com');
    expect(
      (await confirmCall(app, confirmPath(link.action), { serial_id: link.serial_id, key: link.key })).body,
    ).toEqual({ Code: 0 });
    const again = await signup('  TAKEN@example.com ');
    expect(again.result).toMatchObject({ code: Codes.EMAIL_REGISTERED, msg: messages.register.emailRegistered });
    expect(await outboxFor(app, 'taken@example.com')).toHaveLength(1);
  });

  it('a sign-up never confirmed holds the address only while its link lives: then a new one replaces it (password, inviter)', async () => {
    // Someone signs up with an address they cannot read, with their own password and inviter.
    await signup('squatted@example.com', 'squatter-password', `${cookieNames.channelCode}=SQUAT1`);
    const squatterLink = await lastLinkFor(app, 'squatted@example.com');
    const [before] = await app.database.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'squatted@example.com'",
    );
    // While that link can be confirmed, the address is taken: nobody can swap the password under
    // whoever asked for it.
    expect((await signup('squatted@example.com', 'owner-password')).result.code).toBe(Codes.EMAIL_REGISTERED);
    await app.database.query("UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
      squatterLink.serial_id,
    ]);
    // The link has run out: the address's owner signs up, and gets a fresh link.
    const owner = await signup('squatted@example.com', 'owner-password', `${cookieNames.channelCode}=OWNER1`);
    expect(owner.result.code).toBe(0);
    const ownerLink = await lastLinkFor(app, 'squatted@example.com');
    expect(ownerLink.serial_id).not.toBe(squatterLink.serial_id);
    // Now the owner's link is the live one: another try of the squatter is 1001.
    expect((await signup('squatted@example.com', 'squatter-password')).result.code).toBe(Codes.EMAIL_REGISTERED);
    expect(
      (await confirmCall(app, '/api/account/signup_confirm', { serial_id: ownerLink.serial_id, key: ownerLink.key }))
        .body,
    ).toEqual({ Code: 0 });
    const rows = await app.database.query<{ id: string; channel_code: string }>(
      "SELECT id, channel_code FROM users WHERE email = 'squatted@example.com'",
    );
    expect(rows).toEqual([{ id: before!.id, channel_code: 'OWNER1' }]);
    expect(await login(app, 'squatted@example.com', 'owner-password')).toMatch(/^sid=/);
    expect(
      (await call(app, '/api/user/login', { email: 'squatted@example.com', password: 'squatter-password' })).result
        .code,
    ).toBe(Codes.LOGIN_FAILED);
  });

  it(`lets exactly one of concurrent sign-ups of one address through ${CONCURRENCY}`, async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => signup('race@example.com')));
    const codes = results.map((r) => r.result.code).sort();
    expect(codes).toEqual([0, 1001, 1001, 1001, 1001, 1001]);
    expect(await app.database.query("SELECT id FROM users WHERE email = 'race@example.com'")).toHaveLength(1);
  });

  it('checks the e-mail and the password length on the server, with the spec messages', async () => {
    const badEmail = await signup('not-an-email');
    expect(badEmail.status).toBe(400);
    expect(badEmail.result).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: messages.register.emailInvalid });
    const shortPassword = await signup('short@example.com', '1234567');
    expect(shortPassword.result).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: messages.register.passwordTooShort,
    });
    const missing = await call(app, '/api/user/signup', { email: 'x@example.com' });
    expect(missing.result.code).toBe(Codes.INVALID_PAYLOAD);
    expect(missing.result.msg).toContain('password');
    expect(
      await app.database.query(
        "SELECT id FROM users WHERE email IN ('not-an-email', 'short@example.com', 'x@example.com')",
      ),
    ).toEqual([]);
  });

  it('keeps an icon only when it is a path or an http(s) URL, and an inviter code only when it looks like one', async () => {
    await call(
      app,
      '/api/user/signup',
      { email: 'odd@example.com', password: 'good-password', icon_url: 'javascript:alert(1)' },
      { cookie: `${cookieNames.channelCode}=${encodeURIComponent('<script>')}` },
    );
    const [row] = await app.database.query('SELECT icon, channel_code FROM users WHERE email = $1', [
      'odd@example.com',
    ]);
    expect(row).toEqual({ icon: '', channel_code: '' });
  });
});

describe('signup_confirm', () => {
  it('confirms with {Code: 0}; the account can log in afterwards; the same link answers success again for an hour (a lost answer, a second click), then is invalid', async () => {
    await signup('confirm-me@example.com');
    const link = await lastLinkFor(app, 'confirm-me@example.com');
    const first = await confirmCall(app, confirmPath(link.action), { serial_id: link.serial_id, key: link.key });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ Code: 0 });
    expect(first.response.headers['cache-control']).toBe('no-store');
    expect(await login(app, 'confirm-me@example.com', 'good-password')).toMatch(/^sid=/);

    const second = await confirmCall(app, confirmPath(link.action), { serial_id: link.serial_id, key: link.key });
    expect(second.body).toEqual({ Code: 0 });
    // Only the link itself: not another key for the same serial, not after the hour.
    const wrongKey = await confirmCall(app, confirmPath(link.action), {
      serial_id: link.serial_id,
      key: `${link.key}x`,
    });
    expect(wrongKey.body.Code).toBe(Codes.CONFIRM_LINK_INVALID);
    await app.database.query(
      `UPDATE email_tokens SET confirmed_at = now() - make_interval(secs => ${CONFIRM_REPEAT_MS / 1000 + 1}) WHERE id = $1`,
      [link.serial_id],
    );
    const late = await confirmCall(app, confirmPath(link.action), { serial_id: link.serial_id, key: link.key });
    expect(late.body).toEqual({ Code: Codes.CONFIRM_LINK_INVALID, Msg: '链接无效或已过期' });
  });

  it('refuses a wrong key, an expired link, a link of the other kind, and a malformed query', async () => {
    await signup('careful@example.com');
    const link = await lastLinkFor(app, 'careful@example.com');
    const wrongKey = await confirmCall(app, '/api/account/signup_confirm', {
      serial_id: link.serial_id,
      key: `${link.key}x`,
    });
    expect(wrongKey.body.Code).toBe(Codes.CONFIRM_LINK_INVALID);
    const otherKind = await confirmCall(app, '/api/account/change_password', {
      serial_id: link.serial_id,
      key: link.key,
    });
    expect(otherKind.body.Code).toBe(Codes.CONFIRM_LINK_INVALID);
    const missing = await confirmCall(app, '/api/account/signup_confirm', { serial_id: link.serial_id });
    expect(missing.status).toBe(400);
    expect(missing.body.Code).toBe(Codes.INVALID_PAYLOAD);
    expect(missing.body.Msg).toContain('key');

    await app.database.query("UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
      link.serial_id,
    ]);
    const expired = await confirmCall(app, '/api/account/signup_confirm', { serial_id: link.serial_id, key: link.key });
    expect(expired.body.Code).toBe(Codes.CONFIRM_LINK_INVALID);
    const [row] = await app.database.query("SELECT email_confirmed FROM users WHERE email = 'careful@example.com'");
    expect(row).toEqual({ email_confirmed: false });
  });

  it(`confirms once for concurrent uses of one link, and every use answers success ${CONCURRENCY}`, async () => {
    await signup('double-click@example.com');
    const link = await lastLinkFor(app, 'double-click@example.com');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        confirmCall(app, '/api/account/signup_confirm', { serial_id: link.serial_id, key: link.key }),
      ),
    );
    expect(answers.map((a) => a.body.Code)).toEqual([0, 0, 0, 0, 0]);
    const [token] = await app.database.query<{ confirmed: boolean }>(
      'SELECT confirmed_at IS NOT NULL AND confirmed_at = used_at AS confirmed FROM email_tokens WHERE id = $1',
      [link.serial_id],
    );
    expect(token).toEqual({ confirmed: true });
  });
});

describe('login of an unconfirmed account', () => {
  it('says the e-mail is not confirmed, but only after the right password; the wrong one gets the usual answer', async () => {
    await signup('pending@example.com');
    const right = await call(app, '/api/user/login', { email: 'pending@example.com', password: 'good-password' });
    expect(right.result).toMatchObject({
      code: Codes.EMAIL_NOT_CONFIRMED,
      msg: '邮箱尚未验证，请先点击验证邮件中的链接',
    });
    expect(right.response.cookies).toEqual([]);
    const wrong = await call(app, '/api/user/login', { email: 'pending@example.com', password: 'bad-password' });
    expect(wrong.result).toEqual({ code: Codes.LOGIN_FAILED, data: {}, msg: messages.login.failedField });
    // A mail went out moments ago: no second one yet.
    expect(await outboxFor(app, 'pending@example.com')).toHaveLength(1);
  });

  it('mails a fresh link once the last one is older than ten minutes, and retires the old one', async () => {
    await signup('lost-mail@example.com');
    const old = await lastLinkFor(app, 'lost-mail@example.com');
    await app.database.query("UPDATE email_tokens SET created_at = now() - interval '11 minutes' WHERE id = $1", [
      old.serial_id,
    ]);
    const { result } = await call(app, '/api/user/login', {
      email: 'lost-mail@example.com',
      password: 'good-password',
    });
    expect(result).toMatchObject({
      code: Codes.EMAIL_NOT_CONFIRMED,
      msg: '邮箱尚未验证，请先点击验证邮件中的链接（已重新发送验证邮件）',
    });
    const fresh = await lastLinkFor(app, 'lost-mail@example.com');
    expect(fresh.serial_id).not.toBe(old.serial_id);
    expect(
      (await confirmCall(app, '/api/account/signup_confirm', { serial_id: old.serial_id, key: old.key })).body.Code,
    ).toBe(Codes.CONFIRM_LINK_INVALID);
    expect(
      (await confirmCall(app, '/api/account/signup_confirm', { serial_id: fresh.serial_id, key: fresh.key })).body,
    ).toEqual({ Code: 0 });
    const cookie = await login(app, 'lost-mail@example.com', 'good-password');
    const info = await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie });
    expect(info.result.data.email).toBe('lost-mail@example.com');
    expect(info.result.data).not.toHaveProperty('type');
  });
});

describe('invite-only mode (the inviteRule setting)', () => {
  const users = async (email: string) =>
    (await app.database.query('SELECT 1 FROM users WHERE email = $1', [email])).length;

  it('refuses a sign-up without an existing user’s invite code (1114, nothing written, no mail) and admits one with it', async () => {
    const inviter = await signedInUser(app);
    const { code } = (await call<ChannelInfo>(app, '/api/channel/channel_info', {}, { cookie: inviter.cookie })).result
      .data;
    await app.settings.set({ inviteRule: true });
    try {
      expect((await call<HostInfo>(app, '/api/host/get')).result.data.inviteOnly).toBe(true);
      for (const [email, cookie] of [
        ['no-cookie@example.com', undefined],
        ['default-code@example.com', `${cookieNames.channelCode}=${DEFAULT_CHANNEL_CODE}`],
        ['unknown-code@example.com', `${cookieNames.channelCode}=NOSUCH`],
      ] as const) {
        const { result } = await signup(email, 'good-password', cookie);
        expect(result, email).toMatchObject({ code: Codes.INVITE_REQUIRED, msg: messages.register.inviteRequired });
        expect(await users(email), email).toBe(0);
        expect(await outboxFor(app, email), email).toEqual([]);
      }
      const { result } = await signup('invited@example.com', 'good-password', `${cookieNames.channelCode}=${code}`);
      expect(result.code).toBe(Codes.OK);
      const [row] = await app.database.query('SELECT channel_code FROM users WHERE email = $1', [
        'invited@example.com',
      ]);
      expect(row).toEqual({ channel_code: code });
    } finally {
      await app.settings.set({ inviteRule: false });
    }
    expect((await call<HostInfo>(app, '/api/host/get')).result.data.inviteOnly).toBe(false);
    expect((await signup('open-again@example.com')).result.code).toBe(Codes.OK);
  });
});
