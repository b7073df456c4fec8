import { Codes, ResetRefusals, type ResetUserkeyAnswer, type UserInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { accountsRepository } from './repository.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
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
    expect((await call(app, '/api/user/get_email', { describUrl: oldLink })).result.msg).toBe(ResetRefusals.describeUrlError);
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
