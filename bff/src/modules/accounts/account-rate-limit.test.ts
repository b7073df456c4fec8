import { Codes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, type CallResult } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { ACCOUNT_RATE_MAX: '2', ACCOUNT_RATE_ADDRESS_MAX: '4' } });
});

afterAll(async () => {
  await app.close();
});

/** The same call from a given client address. */
const from = (remoteAddress: string, url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    payload: { data: Buffer.from(JSON.stringify(payload)).toString('base64') },
    remoteAddress,
  });

const codeOf = (response: Awaited<ReturnType<typeof from>>) =>
  (JSON.parse(Buffer.from(response.json<{ data: string }>().data, 'base64').toString('utf8')) as CallResult['result'])
    .code;

function expectLimited(response: Awaited<ReturnType<typeof from>>) {
  expect(response.statusCode).toBe(429);
  expect(JSON.parse(Buffer.from(response.json<{ data: string }>().data, 'base64').toString('utf8'))).toEqual({
    code: Codes.RATE_LIMITED,
    data: {},
    msg: '操作过于频繁，请稍后再试',
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('sign-up, reset_password and get_email limits', () => {
  it('limit attempts per account, whichever address they come from', async () => {
    const signup = (ip: string) =>
      from(ip, '/api/user/signup', { email: 'popular@example.com', password: 'good-password' });
    expect(codeOf(await signup('10.0.0.1'))).toBe(0);
    expect(codeOf(await signup('10.0.0.2'))).toBe(Codes.EMAIL_REGISTERED);
    expectLimited(await signup('10.0.0.3'));
    // Another account is not affected.
    expect(
      codeOf(await from('10.0.0.3', '/api/user/signup', { email: 'other@example.com', password: 'good-password' })),
    ).toBe(0);
  });

  it('limit attempts per address, whichever accounts they name', async () => {
    const results: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await from('10.0.1.1', '/api/user/signup', {
        email: `many-${i}@example.com`,
        password: 'good-password',
      });
      results.push(response.statusCode);
    }
    expect(results).toEqual([200, 200, 200, 200, 429]);
    expect(await app.database.query("SELECT id FROM users WHERE email LIKE 'many-%'")).toHaveLength(4);
    // Another address still gets through.
    expect(
      codeOf(await from('10.0.1.2', '/api/user/signup', { email: 'many-9@example.com', password: 'good-password' })),
    ).toBe(0);
  });

  it('apply to reset_password (per e-mail) and get_email (per linked account)', async () => {
    const id = await createUser(app, { email: 'target@example.com', password: 'old-password' });
    const [{ userkey }] = (await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [
      id,
    ])) as [{ userkey: string }];
    const link = `https://sub.example.com/api/subscript/clash/${id}/${userkey}`;
    const reset = (ip: string) =>
      from(ip, '/api/user/reset_password', { email: 'target@example.com', password: 'new-password', describUrl: link });
    expect(codeOf(await reset('10.0.2.1'))).toBe(0);
    expect(codeOf(await reset('10.0.2.2'))).toBe(0);
    expectLimited(await reset('10.0.2.3'));

    const getEmail = (ip: string) => from(ip, '/api/user/get_email', { describUrl: link });
    expect(codeOf(await getEmail('10.0.3.1'))).toBe(0);
    expect(codeOf(await getEmail('10.0.3.2'))).toBe(0);
    expectLimited(await getEmail('10.0.3.3'));
  });

  it('leave a wrong password and an unknown e-mail indistinguishable at login', async () => {
    await createUser(app, { email: 'known@example.com', password: 'right-password' });
    const known = await call(app, '/api/user/login', { email: 'known@example.com', password: 'wrong-password' });
    const unknown = await call(app, '/api/user/login', { email: 'unknown@example.com', password: 'wrong-password' });
    expect(known.status).toBe(unknown.status);
    expect(known.result).toEqual(unknown.result);
  });
});
