// A stolen session must not be enough (QUALITY 26): changing the e-mail (change_use_info) and the
// payout address (change_reward_adress) need the current password; wrong ones count toward a
// limit shared by both calls; the account's e-mail is told of an address change, the old address
// of an e-mail change; a confirmed e-mail change ends the account's other sessions. On the real
// database (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import {
  Codes,
  cookieNames,
  currentPasswordMessages,
  type ApiResult,
  type ChangeUseInfoAnswer,
  type UserInfo,
  type Wallet,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lastLinkFor, outboxFor, signedInUser, TEST_USER_PASSWORD } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';

/** Real-world addresses: the USDT contracts on TRON and on Ethereum. */
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
/** Wrong passwords an account may send in the login's window before the calls are refused. */
const LIMIT = 3;

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { LOGIN_RATE_MAX: String(LIMIT), ACCOUNT_RATE_ADDRESS_MAX: '10000' } });
});

afterAll(async () => {
  await app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

const post = async <T>(cookie: string, url: string, payload: object = {}): Promise<ApiResult<T>> =>
  (await call<T>(app, url, payload, { cookie })).result;
const setAddress = (user: User, payload: object) =>
  post<object>(user.cookie, '/api/wallet/change_reward_adress', payload);
const changeUseInfo = (user: User, payload: object) =>
  post<ChangeUseInfoAnswer>(user.cookie, '/api/user/change_use_info', payload);
const wallet = async (user: User) => (await post<Wallet>(user.cookie, '/api/wallet/mywallet')).data;
const info = async (cookie: string) => post<UserInfo>(cookie, '/api/user/userinfo');

async function userRow(id: string) {
  const [row] = await app.database.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]);
  return row!;
}

describe('change_reward_adress needs the current password', () => {
  it('refuses a call without it (4001 请输入当前密码) or with a wrong one (1113 当前密码错误): nothing saved, nothing mailed', async () => {
    const user = await signedInUser(app);
    const before = await userRow(user.id);
    const missing = await setAddress(user, { addressType: 'USDT-TRC20', address: TRC20 });
    expect(missing).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: currentPasswordMessages.required });
    const empty = await setAddress(user, { addressType: 'USDT-TRC20', address: TRC20, password: '' });
    expect(empty).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: currentPasswordMessages.required });
    const wrong = await setAddress(user, { addressType: 'USDT-TRC20', address: TRC20, password: 'not-my-password' });
    expect(wrong).toMatchObject({ code: Codes.PASSWORD_WRONG, msg: currentPasswordMessages.wrong });
    expect(await wallet(user)).toMatchObject({ addressType: '', address: '' });
    expect(await userRow(user.id)).toEqual(before);
    expect(await outboxFor(app, user.email)).toEqual([]);
  });

  it('with the right one saves the address and mails the account, old and new address shortened', async () => {
    const user = await signedInUser(app);
    expect(
      await setAddress(user, { addressType: 'USDT-TRC20', address: TRC20, password: TEST_USER_PASSWORD }),
    ).toMatchObject({ code: 0 });
    expect(await wallet(user)).toMatchObject({ addressType: 'USDT-TRC20', address: TRC20 });
    expect(
      await setAddress(user, { addressType: 'USDT-ERC20', address: ERC20, password: TEST_USER_PASSWORD }),
    ).toMatchObject({ code: 0 });
    expect(await wallet(user)).toMatchObject({ addressType: 'USDT-ERC20', address: ERC20 });

    const mails = await outboxFor(app, user.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.subject).toContain('收款地址已修改');
    const [first, second] = mails.map((m) => m.text);
    expect(first).toContain('原地址：未设置');
    expect(first).toContain('新地址：USDT-TRC20 TR7NHq…Lj6t');
    expect(second).toContain('原地址：USDT-TRC20 TR7NHq…Lj6t');
    expect(second).toContain('新地址：USDT-ERC20 0xdAC1…1ec7');
    // Shortened: a mail never carries a whole address.
    for (const text of [first, second]) {
      expect(text).not.toContain(TRC20);
      expect(text).not.toContain(ERC20);
    }
    expect(mails[1]!.html).toContain('0xdAC1…1ec7');
  });

  it('saving the address it already has mails nothing', async () => {
    const user = await signedInUser(app);
    const payload = { addressType: 'USDT-TRC20', address: TRC20, password: TEST_USER_PASSWORD };
    expect((await setAddress(user, payload)).code).toBe(0);
    expect((await setAddress(user, payload)).code).toBe(0);
    expect(await outboxFor(app, user.email)).toHaveLength(1);
  });
});

describe('change_use_info: a new e-mail needs the current password', () => {
  it('refuses a new e-mail without it (4001) or with a wrong one (1113): no link mailed, nothing pending, the options sent with it not saved', async () => {
    const user = await signedInUser(app);
    const next = `next-${user.id}@example.com`;
    const before = await userRow(user.id);
    const missing = await changeUseInfo(user, { email: next, inXinjiang: true });
    expect(missing).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: currentPasswordMessages.required });
    const wrong = await changeUseInfo(user, { email: next, inXinjiang: true, password: 'not-my-password' });
    expect(wrong).toMatchObject({ code: Codes.PASSWORD_WRONG, msg: currentPasswordMessages.wrong });
    expect(await outboxFor(app, next)).toEqual([]);
    expect((await info(user.cookie)).data).toMatchObject({ email: user.email, pending_email: null, inXinjiang: false });
    expect(await userRow(user.id)).toEqual(before);
  });

  it('with the right one mails the link to the new address', async () => {
    const user = await signedInUser(app);
    const next = `right-${user.id}@example.com`;
    const answer = await changeUseInfo(user, { email: next, password: TEST_USER_PASSWORD });
    expect(answer).toMatchObject({ code: 0, data: { mailedTo: next } });
    expect((await lastLinkFor(app, next)).action).toBe('change_email');
  });

  it('saves that keep the e-mail (the avatar, the options) need no password', async () => {
    const user = await signedInUser(app);
    const saved = await changeUseInfo(user, { email: user.email.toUpperCase(), icon: '', in_foreign: true });
    expect(saved).toMatchObject({ code: 0, data: { mailedTo: null } });
    expect((await info(user.cookie)).data).toMatchObject({ in_foreign: true });
  });

  it('a password sent with a save never becomes the password', async () => {
    const user = await signedInUser(app);
    const { password_hash: before } = await userRow(user.id);
    expect((await changeUseInfo(user, { in_foreign: true, password: 'new-password-1' })).code).toBe(0);
    expect((await userRow(user.id)).password_hash).toBe(before);
  });
});

describe('wrong passwords are limited like logins', () => {
  it(`after ${LIMIT} wrong ones, on either call, both are refused (4029) even with the right one; others are not held back`, async () => {
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    const next = `limited-${user.id}@example.com`;
    const address = (password: string) => ({ addressType: 'USDT-TRC20', address: TRC20, password });
    for (let i = 0; i < LIMIT - 1; i += 1) {
      expect((await setAddress(user, address(`wrong-${i}`))).code).toBe(Codes.PASSWORD_WRONG);
    }
    expect((await changeUseInfo(user, { email: next, password: 'wrong-e' })).code).toBe(Codes.PASSWORD_WRONG);
    expect((await setAddress(user, address(TEST_USER_PASSWORD))).code).toBe(Codes.RATE_LIMITED);
    expect((await changeUseInfo(user, { email: next, password: TEST_USER_PASSWORD })).code).toBe(Codes.RATE_LIMITED);
    expect(await wallet(user)).toMatchObject({ address: '' });
    expect(await outboxFor(app, next)).toEqual([]);
    // A save without a password is not a guess, and other accounts are not held back.
    expect((await changeUseInfo(user, { use_english_node: true })).code).toBe(0);
    expect((await setAddress(other, address(TEST_USER_PASSWORD))).code).toBe(0);
  });
});

describe('a confirmed e-mail change', () => {
  it('ends the account’s other sessions (the one that opened the link stays) and tells the old address', async () => {
    const user = await signedInUser(app);
    const { token } = await app.sessions.create(user.id);
    const otherCookie = `${cookieNames.session}=${token}`;
    expect((await info(otherCookie)).code).toBe(0);
    const next = `moved-${user.id}@example.com`;
    expect((await changeUseInfo(user, { email: next, password: TEST_USER_PASSWORD })).code).toBe(0);
    // Asking is not enough: every session lives until the link is opened.
    expect((await info(otherCookie)).code).toBe(0);

    const link = await lastLinkFor(app, next);
    const opened = await app.inject({
      method: 'GET',
      url: '/api/account/change_email',
      query: { serial_id: link.serial_id, key: link.key },
      headers: { cookie: user.cookie },
    });
    expect(opened.json()).toEqual({ Code: 0 });
    const refused = await info(otherCookie);
    expect(refused.code).toBe(Codes.SESSION_EXPIRED);
    expect((await info(user.cookie)).data).toMatchObject({ email: next });

    const [told] = await outboxFor(app, user.email);
    expect(told!.subject).toContain('登录邮箱已修改');
    expect(told!.text).toContain(next);
  });

  it('opened without a session, ends every session of the account', async () => {
    const user = await signedInUser(app);
    const next = `all-${user.id}@example.com`;
    expect((await changeUseInfo(user, { email: next, password: TEST_USER_PASSWORD })).code).toBe(0);
    const link = await lastLinkFor(app, next);
    const opened = await app.inject({
      method: 'GET',
      url: '/api/account/change_email',
      query: { serial_id: link.serial_id, key: link.key },
    });
    expect(opened.json()).toEqual({ Code: 0 });
    expect((await info(user.cookie)).code).toBe(Codes.SESSION_EXPIRED);
  });
});
