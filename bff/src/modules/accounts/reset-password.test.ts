import { Codes, messages, ResetRefusals, type ResetUserkeyAnswer, type UserInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, confirmCall, createUser, lastLinkFor, login, outboxFor, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { accountsRepository } from './repository.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { ACCOUNT_RATE_MAX: '100', ACCOUNT_RATE_ADDRESS_MAX: '1000' } });
});

afterAll(async () => {
  await app.close();
});

async function account(email: string, password = 'old-password') {
  const id = await createUser(app, { email, password });
  const [row] = await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [id]);
  return { id, userkey: row!.userkey, link: `https://sub.example.com/api/subscript/clash/${id}/${row!.userkey}` };
}

const resetPassword = (payload: { email: string; password: string; describUrl: string }) =>
  call(app, '/api/user/reset_password', payload);

const userinfoCode = async (cookie: string) => (await call(app, '/api/user/userinfo', {}, { cookie })).result.code;

describe('get_email', () => {
  it('answers the e-mail of the account a link names, in any of its forms', async () => {
    const { link } = await account('finder@example.com');
    for (const describUrl of [
      link,
      `${link}?name=portal`,
      `shadowrocket://add/sub://${Buffer.from(link).toString('base64')}?remark=x`,
      `clash://install-config?url=${encodeURIComponent(link)}`,
    ]) {
      const { result } = await call(app, '/api/user/get_email', { describUrl });
      expect(result, describUrl).toMatchObject({ code: 0, data: 'finder@example.com' });
    }
  });

  it('gives one answer for a malformed link, an unknown user and a wrong key', async () => {
    const { id, userkey } = await account('hidden@example.com');
    const answers = await Promise.all(
      [
        'https://sub.example.com/nothing-here',
        `https://sub.example.com/api/subscript/clash/${'0'.repeat(24)}/${userkey}`,
        `https://sub.example.com/api/subscript/clash/${id}/${'f'.repeat(32)}`,
      ].map((describUrl) => call(app, '/api/user/get_email', { describUrl })),
    );
    for (const { result } of answers) {
      expect(result).toEqual({ code: Codes.DESCRIBE_URL_REFUSED, data: {}, msg: ResetRefusals.describeUrlError });
    }
    const tooShort = await call(app, '/api/user/get_email', { describUrl: 'short' });
    expect(tooShort.result.code).toBe(Codes.INVALID_PAYLOAD);
  });
});

describe('reset_password', () => {
  it('changes nothing until the mailed link is confirmed; then the new password works and every session ends', async () => {
    const { link } = await account('forgetful@example.com');
    const phone = await login(app, 'forgetful@example.com', 'old-password');
    const laptop = await login(app, 'forgetful@example.com', 'old-password');

    const { result } = await resetPassword({
      email: 'Forgetful@Example.com',
      password: 'new-password',
      describUrl: link,
    });
    expect(result.code).toBe(0);
    const mails = await outboxFor(app, 'forgetful@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('修改密码');

    // Before confirmation: the old password and both sessions still work, the new one does not.
    expect(await userinfoCode(phone)).toBe(0);
    expect(await login(app, 'forgetful@example.com', 'old-password')).toMatch(/^sid=/);
    expect(
      (await call(app, '/api/user/login', { email: 'forgetful@example.com', password: 'new-password' })).result.code,
    ).toBe(Codes.LOGIN_FAILED);

    const confirm = await lastLinkFor(app, 'forgetful@example.com');
    expect(confirm.action).toBe('change_password');
    expect(confirm.url).toMatch(/#\/confirm\?serial_id=[0-9a-f]{24}&key=[\w-]+&action=change_password$/);
    expect(
      (await confirmCall(app, '/api/account/change_password', { serial_id: confirm.serial_id, key: confirm.key })).body,
    ).toEqual({
      Code: 0,
    });

    expect(await userinfoCode(phone)).toBe(Codes.SESSION_EXPIRED);
    expect(await userinfoCode(laptop)).toBe(Codes.SESSION_EXPIRED);
    expect(
      (await call(app, '/api/user/login', { email: 'forgetful@example.com', password: 'old-password' })).result.code,
    ).toBe(Codes.LOGIN_FAILED);
    expect(await login(app, 'forgetful@example.com', 'new-password')).toMatch(/^sid=/);

    // The link opened again (its answer was lost, a second click): success, and the session
    // signed in with the new password meanwhile stays.
    const signedIn = await login(app, 'forgetful@example.com', 'new-password');
    const again = await confirmCall(app, '/api/account/change_password', {
      serial_id: confirm.serial_id,
      key: confirm.key,
    });
    expect(again.body).toEqual({ Code: 0 });
    expect(await userinfoCode(signedIn)).toBe(Codes.OK);
  });

  it('only the newest request can be confirmed', async () => {
    const { link } = await account('indecisive@example.com');
    await resetPassword({ email: 'indecisive@example.com', password: 'first-choice', describUrl: link });
    const first = await lastLinkFor(app, 'indecisive@example.com');
    await resetPassword({ email: 'indecisive@example.com', password: 'second-choice', describUrl: link });
    const second = await lastLinkFor(app, 'indecisive@example.com');
    expect(
      (await confirmCall(app, '/api/account/change_password', { serial_id: first.serial_id, key: first.key })).body
        .Code,
    ).toBe(Codes.CONFIRM_LINK_INVALID);
    expect(
      (await confirmCall(app, '/api/account/change_password', { serial_id: second.serial_id, key: second.key })).body
        .Code,
    ).toBe(0);
    expect(await login(app, 'indecisive@example.com', 'second-choice')).toMatch(/^sid=/);
  });

  it('refuses a link of another account (USER_NOT_EXIST) and a link that names no account (DESCRIBE_URL_ERROR), mailing nothing', async () => {
    const mine = await account('mine@example.com');
    const theirs = await account('theirs@example.com');
    const otherAccount = await resetPassword({
      email: 'mine@example.com',
      password: 'new-password',
      describUrl: theirs.link,
    });
    expect(otherAccount.result).toEqual({
      code: Codes.DESCRIBE_URL_REFUSED,
      data: {},
      msg: ResetRefusals.userNotExist,
    });
    const unknownEmail = await resetPassword({
      email: 'nobody@example.com',
      password: 'new-password',
      describUrl: mine.link,
    });
    expect(unknownEmail.result.msg).toBe(ResetRefusals.userNotExist);
    const wrongKey = await resetPassword({
      email: 'mine@example.com',
      password: 'new-password',
      describUrl: mine.link.replace(mine.userkey, 'f'.repeat(32)),
    });
    expect(wrongKey.result).toEqual({
      code: Codes.DESCRIBE_URL_REFUSED,
      data: {},
      msg: ResetRefusals.describeUrlError,
    });
    const garbage = await resetPassword({
      email: 'mine@example.com',
      password: 'new-password',
      describUrl: 'not a link at all',
    });
    expect(garbage.result.msg).toBe(ResetRefusals.describeUrlError);
    expect(await outboxFor(app, 'mine@example.com')).toEqual([]);
    expect(await outboxFor(app, 'theirs@example.com')).toEqual([]);
  });

  it('refuses accounts that may not change their password with 1033', async () => {
    const { id, link } = await account('locked@example.com');
    await app.database.query('UPDATE users SET can_change_password = false WHERE id = $1', [id]);
    const { result } = await resetPassword({ email: 'locked@example.com', password: 'new-password', describUrl: link });
    expect(result).toMatchObject({ code: Codes.NOT_ALLOWED, msg: messages.reset.notAllowed });
    expect(await outboxFor(app, 'locked@example.com')).toEqual([]);
  });

  it('refuses the confirmation if the account was locked after the request', async () => {
    const { id, link } = await account('locked-later@example.com');
    await resetPassword({ email: 'locked-later@example.com', password: 'new-password', describUrl: link });
    const confirm = await lastLinkFor(app, 'locked-later@example.com');
    await app.database.query('UPDATE users SET can_change_password = false WHERE id = $1', [id]);
    const answer = await confirmCall(app, '/api/account/change_password', {
      serial_id: confirm.serial_id,
      key: confirm.key,
    });
    expect(answer.body.Code).toBe(Codes.NOT_ALLOWED);
    expect(await login(app, 'locked-later@example.com', 'old-password')).toMatch(/^sid=/);
  });

  it('checks the new password and the e-mail like sign-up does', async () => {
    const { link } = await account('rules@example.com');
    const short = await resetPassword({ email: 'rules@example.com', password: 'short', describUrl: link });
    expect(short.result).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: messages.register.passwordTooShort });
    const badEmail = await resetPassword({ email: 'rules', password: 'long-enough', describUrl: link });
    expect(badEmail.result).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: messages.register.emailInvalid });
  });
});

const userkeyOf = async (id: string) =>
  (await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [id]))[0]!.userkey;

describe('reset_userkey', () => {
  it('replaces the key with a new 128-bit one; the old link resolves to nothing at once', async () => {
    const user = await signedInUser(app);
    const repo = accountsRepository(app.db);
    const oldKey = await userkeyOf(user.id);
    expect((await repo.findByIdAndKey(user.id, oldKey))?.id).toBe(user.id);

    const { result } = await call<ResetUserkeyAnswer>(app, '/api/user/reset_userkey', {}, { cookie: user.cookie });
    expect(result.code).toBe(0);
    const newKey = result.data.userkey;
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    expect(newKey).not.toBe(oldKey);
    expect(await userkeyOf(user.id)).toBe(newKey);

    expect(await repo.findByIdAndKey(user.id, oldKey)).toBeUndefined();
    expect((await repo.findByIdAndKey(user.id, newKey))?.id).toBe(user.id);
    expect(await repo.findByIdAndKey(user.id, '')).toBeUndefined();
    // The service the subscription endpoint will use gives the same answers, without the password hash.
    expect(await app.accounts.findByIdAndKey(user.id, oldKey)).toBeUndefined();
    const found = await app.accounts.findByIdAndKey(user.id, newKey);
    expect(found?.id).toBe(user.id);
    expect(found).not.toHaveProperty('passwordHash');

    const oldLink = `https://sub.example.com/api/subscript/clash/${user.id}/${oldKey}`;
    expect((await call(app, '/api/user/get_email', { describUrl: oldLink })).result.msg).toBe(
      ResetRefusals.describeUrlError,
    );
    const info = await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie: user.cookie });
    expect(info.result.data.userkey).toBe(newKey);
  });

  it('refuses with 1033 when the account may not change its key, keeping the key', async () => {
    const user = await signedInUser(app);
    await app.database.query('UPDATE users SET can_change_describe_key = false WHERE id = $1', [user.id]);
    const before = await userkeyOf(user.id);
    const { result } = await call(app, '/api/user/reset_userkey', {}, { cookie: user.cookie });
    expect(result).toMatchObject({ code: Codes.NOT_ALLOWED, msg: '该账号不允许这样操作。' });
    expect(await userkeyOf(user.id)).toBe(before);
  });
});
