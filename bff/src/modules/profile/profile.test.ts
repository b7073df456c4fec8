// The profile (/user_info): change_use_info (only its five fields; the avatar must be the user's
// own upload; a new e-mail applies only once the link mailed to it is opened) and the Telegram
// unbinding (refused to agency users), on the real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL).
import { Codes, profileMessages, type ApiResult, type ChangeUseInfoAnswer, type UserInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  confirmCall,
  lastLinkFor,
  login,
  outboxFor,
  signedInUser,
  TEST_USER_PASSWORD,
} from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { images, uploadedImageUrl } from '../../../test/images.js';
import { argon2Hasher } from '../../lib/passwords.js';

let app: FastifyInstance;

beforeAll(async () => {
  // Per account the limit stays the default (5 e-mail changes an hour); the per-address window is
  // wide, since every request of this file comes from one address.
  app = await buildTestApp({ env: { ACCOUNT_RATE_ADDRESS_MAX: '10000' } });
});

afterAll(async () => {
  await app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const post = async <T>(user: Pick<User, 'cookie'>, url: string, payload: object = {}): Promise<ApiResult<T>> =>
  (await call<T>(app, url, payload, { cookie: user.cookie })).result;
const changeUseInfo = (user: User, payload: object) =>
  post<ChangeUseInfoAnswer>(user, '/api/user/change_use_info', payload);
const info = async (user: User) => (await post<UserInfo>(user, '/api/user/userinfo')).data;

/** Opens a mailed change_email link the way the confirm page does, with the browser's cookie if any. */
async function openLink(link: { serial_id: string; key: string }, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/account/change_email',
    query: { serial_id: link.serial_id, key: link.key },
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
  return { body: response.json<{ Code: number; Msg?: string }>(), response };
}

async function row(id: string) {
  const [r] = await app.database.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]);
  return r!;
}

describe('change_use_info: the options', () => {
  it('saves inXinjiang, in_foreign and use_english_node; user info shows them; a field left out keeps its value', async () => {
    const user = await signedInUser(app);
    const saved = await changeUseInfo(user, { inXinjiang: true, in_foreign: true, use_english_node: true });
    expect(saved).toMatchObject({ code: 0, data: { mailedTo: null } });
    expect(await info(user)).toMatchObject({ inXinjiang: true, in_foreign: true, use_english_node: true });
    expect(await changeUseInfo(user, { in_foreign: false })).toMatchObject({ code: 0 });
    expect(await info(user)).toMatchObject({ inXinjiang: true, in_foreign: false, use_english_node: true });
    const r = await row(user.id);
    expect([r.in_xinjiang, r.in_foreign, r.use_english_node]).toEqual([true, false, true]);
  });

  it('the page’s whole payload with the current e-mail and icon saves the options and mails nothing', async () => {
    const user = await signedInUser(app);
    const current = await info(user);
    const saved = await changeUseInfo(user, {
      email: current.email.toUpperCase(),
      icon: current.icon,
      inXinjiang: false,
      in_foreign: true,
      use_english_node: false,
    });
    expect(saved).toMatchObject({ code: 0, data: { mailedTo: null } });
    expect(await info(user)).toMatchObject({ email: current.email, in_foreign: true });
    expect(await outboxFor(app, current.email)).toEqual([]);
  });

  it.each([
    ['type', 'admin'],
    ['wallet_money', 1e9],
    ['walletMoney', 1e9],
    ['traffic', 1e15],
    ['paidUser', true],
    ['userkey', 'f'.repeat(32)],
    ['vipExpireTime', '2099-01-01T00:00:00.000Z'],
    ['telegram_id', '42'],
    ['password_hash', 'not-a-hash'],
  ])(
    'refuses a payload with %s (4001) and changes nothing, the options sent with it included',
    async (field, value) => {
      const user = await signedInUser(app);
      const before = await row(user.id);
      const { status, result } = await call(
        app,
        '/api/user/change_use_info',
        { inXinjiang: true, [field]: value },
        { cookie: user.cookie },
      );
      expect(status).toBe(400);
      expect(result.code).toBe(Codes.INVALID_PAYLOAD);
      expect(await row(user.id)).toEqual(before);
    },
  );

  it('refuses visitors and forged sessions with 1002', async () => {
    for (const url of ['/api/user/change_use_info', '/api/user/unbind']) {
      for (const cookie of [undefined, 'sid=forged']) {
        const { status, result } = await call(app, url, { inXinjiang: true }, cookie === undefined ? {} : { cookie });
        expect(result.code, url).toBe(Codes.SESSION_EXPIRED);
        expect(status, url).toBe(401);
      }
    }
  });
});

describe('change_use_info: the avatar', () => {
  it('takes the user’s own avatar upload and shows it in user info; a bare file name is accepted too', async () => {
    const user = await signedInUser(app);
    const url = await uploadedImageUrl(app, user.cookie, 'avatar', images.jpg);
    expect(await changeUseInfo(user, { icon: url })).toMatchObject({ code: 0 });
    expect((await info(user)).icon).toBe(url);
    const second = await uploadedImageUrl(app, user.cookie, 'avatar', images.webp);
    expect(await changeUseInfo(user, { icon: second.split('/').at(-1)! })).toMatchObject({ code: 0 });
    expect((await info(user)).icon).toBe(second);
  });

  it('refuses another user’s avatar, the user’s own ticket image and unknown names (4001 图片无效), and writes nothing', async () => {
    const owner = await signedInUser(app);
    const thief = await signedInUser(app);
    const othersAvatar = await uploadedImageUrl(app, owner.cookie, 'avatar');
    const ownTicketImage = await uploadedImageUrl(app, thief.cookie, 'ticket');
    const before = await row(thief.id);
    for (const icon of [
      othersAvatar,
      ownTicketImage,
      '/api/file/downloads/nothing.png',
      'https://evil.example/x.png',
    ]) {
      const answer = await changeUseInfo(thief, { icon, inXinjiang: true });
      expect(answer.code, icon).toBe(Codes.INVALID_PAYLOAD);
      expect(answer.msg, icon).toBe('图片无效');
    }
    expect(await row(thief.id)).toEqual(before);
  });

  it('keeps an icon that is not an upload when it comes back unchanged (the sign-up logo), and clears it with ""', async () => {
    const user = await signedInUser(app);
    await app.database.query("UPDATE users SET icon = '/logo.png' WHERE id = $1", [user.id]);
    expect(await changeUseInfo(user, { icon: '/logo.png', use_english_node: true })).toMatchObject({ code: 0 });
    expect(await info(user)).toMatchObject({ icon: '/logo.png', use_english_node: true });
    expect(await changeUseInfo(user, { icon: '' })).toMatchObject({ code: 0 });
    expect((await info(user)).icon).toBe('');
  });
});

describe('change_use_info: the e-mail', () => {
  it('mails a link to the new address; the e-mail changes only when the link is opened, then once', async () => {
    const user = await signedInUser(app);
    const next = `next-${user.id}@example.com`;
    const answer = await changeUseInfo(user, {
      password: TEST_USER_PASSWORD,
      email: `  ${next.toUpperCase()} `,
      in_foreign: true,
    });
    expect(answer).toMatchObject({ code: 0, data: { mailedTo: next } });
    // Nothing changed yet but the options; the pending address is shown.
    expect(await info(user)).toMatchObject({ email: user.email, pending_email: next, in_foreign: true });
    expect(await outboxFor(app, user.email)).toEqual([]);
    const [mail] = await outboxFor(app, next);
    expect(mail!.subject).toContain('确认修改邮箱');
    const link = await lastLinkFor(app, next);
    expect(link.action).toBe('change_email');
    // Login still works with the old address only.
    await app.database.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
      await argon2Hasher.hash('profile-password-1'),
      user.id,
    ]);
    expect((await call(app, '/api/user/login', { email: next, password: 'profile-password-1' })).result.code).toBe(
      Codes.LOGIN_FAILED,
    );

    // Opened in the browser that asked for it: that session stays.
    const opened = await openLink(link, user.cookie);
    expect(opened.body).toEqual({ Code: 0 });
    expect(opened.response.headers['cache-control']).toBe('no-store');
    expect(await info(user)).toMatchObject({ email: next, pending_email: null });
    const signedInAfter = await login(app, next, 'profile-password-1');
    // Opened again (its answer lost, a second click): success, nothing acts twice, so the session
    // signed in meanwhile stays.
    expect(
      (await confirmCall(app, '/api/account/change_email', { serial_id: link.serial_id, key: link.key })).body,
    ).toEqual({ Code: 0 });
    expect((await call(app, '/api/user/userinfo', {}, { cookie: signedInAfter })).result.code).toBe(Codes.OK);
    expect(await info(user)).toMatchObject({ email: next, pending_email: null });
  });

  it('refuses an address that is taken (1001 邮件已注册) and one that is not an e-mail (4001), mailing nothing and writing nothing', async () => {
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    const before = await row(user.id);
    const taken = await changeUseInfo(user, { password: TEST_USER_PASSWORD, email: other.email, inXinjiang: true });
    expect(taken).toMatchObject({ code: Codes.EMAIL_REGISTERED, msg: profileMessages.emailTaken });
    const invalid = await changeUseInfo(user, {
      password: TEST_USER_PASSWORD,
      email: 'not-an-address',
      inXinjiang: true,
    });
    expect(invalid).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: profileMessages.emailInvalid });
    expect(await row(user.id)).toEqual(before);
    expect(await outboxFor(app, 'not-an-address')).toEqual([]);
    expect((await info(user)).pending_email).toBeNull();
  });

  it('refuses the link with 1001 when the address was taken after the request, and changes nothing', async () => {
    const user = await signedInUser(app);
    const next = `race-${user.id}@example.com`;
    expect((await changeUseInfo(user, { password: TEST_USER_PASSWORD, email: next })).code).toBe(0);
    const link = await lastLinkFor(app, next);
    await signedInUser(app, { email: next });
    const opened = await confirmCall(app, '/api/account/change_email', { serial_id: link.serial_id, key: link.key });
    expect(opened.body).toEqual({ Code: Codes.EMAIL_REGISTERED, Msg: profileMessages.emailTaken });
    expect((await info(user)).email).toBe(user.email);
  });

  it('only the newest request can be confirmed; wrong keys and expired links change nothing (1102)', async () => {
    const user = await signedInUser(app);
    const first = `first-${user.id}@example.com`;
    const second = `second-${user.id}@example.com`;
    expect((await changeUseInfo(user, { password: TEST_USER_PASSWORD, email: first })).code).toBe(0);
    const firstLink = await lastLinkFor(app, first);
    expect((await changeUseInfo(user, { password: TEST_USER_PASSWORD, email: second })).code).toBe(0);
    const secondLink = await lastLinkFor(app, second);
    expect((await info(user)).pending_email).toBe(second);
    const open = (link: { serial_id: string; key: string }) =>
      confirmCall(app, '/api/account/change_email', { serial_id: link.serial_id, key: link.key });
    expect((await open(firstLink)).body.Code).toBe(Codes.CONFIRM_LINK_INVALID);
    expect((await open({ serial_id: secondLink.serial_id, key: 'a'.repeat(64) })).body.Code).toBe(
      Codes.CONFIRM_LINK_INVALID,
    );
    // A signup or password link cannot be used as an e-mail change either way round.
    expect((await confirmCall(app, '/api/account/signup_confirm', secondLink)).body.Code).toBe(
      Codes.CONFIRM_LINK_INVALID,
    );
    await app.database.query("UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      secondLink.serial_id,
    ]);
    expect((await open(secondLink)).body.Code).toBe(Codes.CONFIRM_LINK_INVALID);
    expect(await info(user)).toMatchObject({ email: user.email, pending_email: null });
  });

  it('refuses an account that may not change its credentials (1033)', async () => {
    const user = await signedInUser(app);
    await app.database.query('UPDATE users SET can_change_password = false WHERE id = $1', [user.id]);
    const next = `locked-${user.id}@example.com`;
    expect((await changeUseInfo(user, { password: TEST_USER_PASSWORD, email: next })).code).toBe(Codes.NOT_ALLOWED);
    expect(await outboxFor(app, next)).toEqual([]);
  });

  it('counts e-mail changes per account (the 6th within the hour is 4029); saving the options is not counted', async () => {
    const user = await signedInUser(app);
    for (let i = 0; i < 8; i += 1) expect((await changeUseInfo(user, { inXinjiang: i % 2 === 0 })).code).toBe(0);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await changeUseInfo(user, { password: TEST_USER_PASSWORD, email: `n${i}-${user.id}@example.com` })).code,
      ).toBe(0);
    }
    const refused = await changeUseInfo(user, { password: TEST_USER_PASSWORD, email: `n5-${user.id}@example.com` });
    expect(refused.code).toBe(Codes.RATE_LIMITED);
    expect(await outboxFor(app, `n5-${user.id}@example.com`)).toEqual([]);
    expect((await changeUseInfo(user, { use_english_node: true })).code).toBe(0);
  });
});

describe('unbind', () => {
  const bind = (id: string) =>
    app.database.query("UPDATE users SET telegram_id = '123456789', telegram_name = 'alice_tg' WHERE id = $1", [id]);

  it('user info shows the binding; unbind clears both columns (解除成功 on the page) and is harmless when unbound', async () => {
    const user = await signedInUser(app);
    expect(await info(user)).toMatchObject({ telegram_bound: false, telegram_name: '' });
    await bind(user.id);
    expect(await info(user)).toMatchObject({ telegram_bound: true, telegram_name: 'alice_tg' });
    expect(await post(user, '/api/user/unbind')).toMatchObject({ code: 0 });
    const r = await row(user.id);
    expect([r.telegram_id, r.telegram_name]).toEqual([null, '']);
    expect(await info(user)).toMatchObject({ telegram_bound: false, telegram_name: '' });
    expect(await post(user, '/api/user/unbind')).toMatchObject({ code: 0 });
  });

  it('refuses agency users, by their flag or on the agency host (1033), and keeps the binding', async () => {
    const agency = await signedInUser(app);
    await app.database.query('UPDATE users SET is_agency = true WHERE id = $1', [agency.id]);
    await bind(agency.id);
    expect(await post(agency, '/api/user/unbind')).toMatchObject({ code: Codes.NOT_ALLOWED });

    const onAgencyHost = await signedInUser(app);
    await bind(onAgencyHost.id);
    const { result } = await call(
      app,
      '/api/user/unbind',
      {},
      { cookie: onAgencyHost.cookie, headers: { host: 'agency.localhost' } },
    );
    expect(result.code).toBe(Codes.NOT_ALLOWED);
    for (const id of [agency.id, onAgencyHost.id]) expect((await row(id)).telegram_id).toBe('123456789');
  });

  it('unbinds only the caller', async () => {
    const [a, b] = [await signedInUser(app), await signedInUser(app)];
    await bind(a.id);
    await bind(b.id);
    expect((await post(a, '/api/user/unbind')).code).toBe(0);
    expect((await row(b.id)).telegram_id).toBe('123456789');
  });
});
