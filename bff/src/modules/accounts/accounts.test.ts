import {
  Codes,
  cookieNames,
  decodeResponse,
  DEFAULT_DAILY_LIMIT_BYTES,
  encodeRequest,
  GiB,
  type UserInfo,
} from '@portal/contracts';
import { UserInfo as UserInfoSchema } from '@portal/contracts/schemas';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, createUser, login, loginAsAdmin, signedInUser } from '../../../test/api.js';
import { buildTestApp, TEST_ADMIN } from '../../../test/build-test-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ env: { DESCRIBE_HOST: 'https://sub.example.com/' } });
  await createUser(app, { email: 'alice@example.com', password: 'alice-password-1' });
});

afterAll(async () => {
  await app.close();
});

describe('login', () => {
  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await call(app, '/api/user/login', { email: 'alice@example.com', password: 'nope-nope' });
    const unknownEmail = await call(app, '/api/user/login', { email: 'nobody@example.com', password: 'nope-nope' });
    expect(wrongPassword.result).toEqual({ code: Codes.LOGIN_FAILED, data: {}, msg: '用户不存在或密码错误' });
    expect(unknownEmail.result).toEqual(wrongPassword.result);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.response.cookies).toEqual([]);
    expect(wrongPassword.response.cookies).toEqual([]);
  });

  it('matches the e-mail case-insensitively', async () => {
    const cookie = await login(app, '  ALICE@Example.com ', 'alice-password-1');
    expect(cookie).toMatch(/^sid=/);
  });

  it('refuses a disabled account even with the right password', async () => {
    await createUser(app, { email: 'disabled@example.com', password: 'disabled-pass' });
    const cookie = await login(app, 'disabled@example.com', 'disabled-pass');
    await app.database.query("UPDATE users SET disabled = true WHERE email = 'disabled@example.com'");
    // The live session ends at once ...
    expect((await call(app, '/api/user/userinfo', {}, { cookie })).result.code).toBe(Codes.SESSION_EXPIRED);
    // ... and no new one is handed out.
    const again = await call(app, '/api/user/login', { email: 'disabled@example.com', password: 'disabled-pass' });
    expect(again.result.code).toBe(Codes.NOT_ALLOWED);
    expect(again.response.cookies).toEqual([]);
  });
});

describe('userinfo', () => {
  it('returns the UserInfo shape of the contract with defaults filled in', async () => {
    const cookie = await login(app, 'alice@example.com', 'alice-password-1');
    const { status, result } = await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie });
    expect(status).toBe(200);
    expect(result.code).toBe(0);
    expect(Value.Check(UserInfoSchema, result.data)).toBe(true);
    expect(result.data).toMatchObject({
      email: 'alice@example.com',
      type: 'normal',
      limit: DEFAULT_DAILY_LIMIT_BYTES,
      describe_host: 'https://sub.example.com',
      vipExpireTime: null,
      haveContinueSignUseData: 0,
      signUseToday: false,
      signUseRewardInfo: { continueSignReward: 1024 },
    });
    expect(result.data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(result.data.userkey).toMatch(/^[0-9a-f]{32,}$/);
  });

  it('omits type for a user without one and reads stored values', async () => {
    const id = await createUser(app, { email: 'plain@example.com', password: 'plain-password', type: null });
    await app.database.query(
      "UPDATE users SET daily_limit = $1, vip_expire_time = '2030-01-02T03:04:05Z', describe_host = 'https://mine.example', traffic = $2 WHERE id = $3",
      [20 * GiB, 3 * GiB, id],
    );
    const cookie = await login(app, 'plain@example.com', 'plain-password');
    const { result } = await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie });
    expect(result.data).not.toHaveProperty('type');
    expect(result.data.limit).toBe(20 * GiB);
    expect(result.data.traffic).toBe(3 * GiB);
    expect(result.data.vipExpireTime).toBe('2030-01-02T03:04:05.000Z');
    expect(result.data.describe_host).toBe('https://mine.example');
  });

  it('never contains the password hash or the session id', async () => {
    const cookie = await login(app, 'alice@example.com', 'alice-password-1');
    const { response } = await call(app, '/api/user/userinfo', {}, { cookie });
    const decoded = Buffer.from(response.json<{ data: string }>().data, 'base64').toString('utf8');
    const [row] = await app.database.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE email = 'alice@example.com'",
    );
    const hash = row!.password_hash;
    expect(decoded).not.toContain(hash);
    expect(decoded).not.toMatch(/argon2|password/i);
    expect(decoded).not.toContain(cookie.slice('sid='.length));
  });

  it('asks for a login (1002, HTTP 401) without a session', async () => {
    const { status, result } = await call(app, '/api/user/userinfo');
    expect(status).toBe(401);
    expect(result.code).toBe(Codes.SESSION_EXPIRED);
  });

  it('lists the permissions a user holds until they expire, behind a login', async () => {
    const cookie = await loginAsAdmin(app);
    expect((await call(app, '/api/permission/mypermissions', {}, { cookie })).result).toMatchObject({
      code: 0,
      data: [],
    });
    expect((await call(app, '/api/permission/mypermissions')).result.code).toBe(Codes.SESSION_EXPIRED);

    const [admin] = await app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      TEST_ADMIN.email,
    ]);
    const later = new Date(Date.now() + 30 * 86_400_000);
    await app.network.insertPermission({ id: 'perm-exclusive-1', name: 'line_exclusive_1', desc: '专线 1' });
    await app.network.insertPermission({ id: 'perm-old', name: 'line_old', desc: '过期的' });
    await app.network.grantPermission(admin!.id, 'perm-exclusive-1', later);
    await app.network.grantPermission(admin!.id, 'perm-old', new Date(Date.now() - 1000));
    expect((await call(app, '/api/permission/mypermissions', {}, { cookie })).result.data).toEqual([
      { id: 'perm-exclusive-1', name: 'line_exclusive_1', desc: '专线 1', expireTime: later.toISOString() },
    ]);
  });
});

describe('login rate limit', () => {
  it('answers repeated attempts on one account from one address with a 429 envelope', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_MAX: '3' } });
    try {
      // The victim is a real account, so that its right password would succeed if it were tried.
      await createUser(limited, { email: 'victim@example.com', password: 'victim-password-1' });
      const attempt = (email: string) => call(limited, '/api/user/login', { email, password: 'wrong-password' });
      for (let i = 0; i < 3; i += 1) expect((await attempt('victim@example.com')).result.code).toBe(Codes.LOGIN_FAILED);
      const blocked = await attempt('VICTIM@example.com');
      expect(blocked.status).toBe(429);
      expect(blocked.result).toEqual({ code: Codes.RATE_LIMITED, data: {}, msg: '操作过于频繁，请稍后再试' });
      expect(blocked.response.headers['retry-after']).toBeDefined();
      // Even the right password is not tried while blocked: no session comes back.
      const right = await call(limited, '/api/user/login', {
        email: 'victim@example.com',
        password: 'victim-password-1',
      });
      expect(right.status).toBe(429);
      expect(right.result.code).toBe(Codes.RATE_LIMITED);
      expect(right.response.cookies).toEqual([]);
      // Another account from the same address is not blocked by it.
      expect((await attempt('other@example.com')).result.code).toBe(Codes.LOGIN_FAILED);
    } finally {
      await limited.close();
    }
  });
});

describe('login: per-account back-off from any address', () => {
  // 2 free failures per account, then cool-downs of 2 s doubling up to 4 s (the login window).
  const BACKOFF_ENV = { LOGIN_ACCOUNT_FREE_FAILURES: '2', LOGIN_COOLDOWN_SECONDS: '2', LOGIN_RATE_WINDOW_SECONDS: '4' };
  // The counters (in memory on PGlite, in the rate_limits table on PostgreSQL) read the time from
  // Date: on a fake Date the cool-downs pass without being waited out. Timers stay real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Lets `ms` pass on the clock the counters read. */
  const wait = (ms: number) => vi.setSystemTime(Date.now() + ms);
  let address = 0;

  /** A login from an address never used before: the per-address windows never fill. */
  async function loginFromNewAddress(target: FastifyInstance, email: string, password: string) {
    address += 1;
    const response = await target.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: encodeRequest({ email, password }),
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
    return {
      status: response.statusCode,
      result: decodeResponse(response.json()),
      retryAfter: response.headers['retry-after'],
      cookies: response.cookies,
    };
  }

  async function withBackoffApp(test: (target: FastifyInstance) => Promise<void>) {
    const target = await buildTestApp({ env: BACKOFF_ENV });
    try {
      await createUser(target, { email: 'owner@example.com', password: 'owner-password-1' });
      await test(target);
    } finally {
      await target.close();
    }
  }

  /** Refused without trying the password: 429, the clear message with the wait it names, Retry-After, no session. */
  function expectCoolingDown(answer: Awaited<ReturnType<typeof loginFromNewAddress>>, atMostSeconds: number) {
    expect(answer.status).toBe(429);
    const seconds = Number(answer.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(atMostSeconds);
    expect(answer.result).toEqual({
      code: Codes.RATE_LIMITED,
      data: {},
      msg: `该账户登录失败次数过多，请 ${seconds} 秒后再试`,
    });
    expect(answer.cookies).toEqual([]);
  }

  it('slows a slow attack on one account from many addresses: each failure past the free ones starts a cool-down that doubles, up to a cap', async () => {
    await withBackoffApp(async (target) => {
      const guess = () => loginFromNewAddress(target, 'owner@example.com', 'wrong-password');
      // The free failures, then the first one past them: each is tried (and fails).
      for (let i = 0; i < 3; i += 1) expect((await guess()).result.code).toBe(Codes.LOGIN_FAILED);
      // Cool-down 1 (2 s), whatever the address: nothing is tried.
      expectCoolingDown(await guess(), 2);
      wait(2100);
      expect((await guess()).result.code).toBe(Codes.LOGIN_FAILED);
      // Cool-down 2 is doubled (4 s): still refused after 2 s.
      wait(2100);
      expectCoolingDown(await guess(), 2);
      wait(2100);
      expect((await guess()).result.code).toBe(Codes.LOGIN_FAILED);
      // Cool-down 3 is capped at the login window (4 s here, 15 minutes by default), not 8 s.
      expectCoolingDown(await guess(), 4);
      wait(4200);
      expect((await guess()).result.code).toBe(Codes.LOGIN_FAILED);
    });
  });

  it('refuses even the right password during a cool-down, and lets the owner in once it has passed', async () => {
    await withBackoffApp(async (target) => {
      for (let i = 0; i < 3; i += 1) await loginFromNewAddress(target, 'owner@example.com', 'wrong-password');
      expectCoolingDown(await loginFromNewAddress(target, 'OWNER@example.com', 'owner-password-1'), 2);
      wait(2100);
      const owner = await loginFromNewAddress(target, 'owner@example.com', 'owner-password-1');
      expect(owner.result.code).toBe(0);
      expect(owner.cookies.some((c) => c.name === cookieNames.session)).toBe(true);
    });
  });

  it('answers an unknown e-mail exactly like an account, step by step, so the back-off reveals nothing', async () => {
    await withBackoffApp(async (target) => {
      for (let i = 0; i < 4; i += 1) {
        const account = await loginFromNewAddress(target, 'owner@example.com', 'wrong-password');
        const unknown = await loginFromNewAddress(target, 'nobody-here@example.com', 'wrong-password');
        expect({ ...unknown, retryAfter: unknown.retryAfter !== undefined }, `attempt ${i + 1}`).toEqual({
          ...account,
          retryAfter: account.retryAfter !== undefined,
        });
        expect(unknown.result.code).toBe(i < 3 ? Codes.LOGIN_FAILED : Codes.RATE_LIMITED);
      }
    });
  });

  it('does not slow other accounts', async () => {
    await withBackoffApp(async (target) => {
      await createUser(target, { email: 'neighbour@example.com', password: 'neighbour-password-1' });
      for (let i = 0; i < 4; i += 1) await loginFromNewAddress(target, 'owner@example.com', 'wrong-password');
      expectCoolingDown(await loginFromNewAddress(target, 'owner@example.com', 'wrong-password'), 2);
      expect((await loginFromNewAddress(target, 'neighbour@example.com', 'wrong-password')).result.code).toBe(
        Codes.LOGIN_FAILED,
      );
      expect((await loginFromNewAddress(target, 'neighbour@example.com', 'neighbour-password-1')).result.code).toBe(0);
    });
  });
});

describe('first admin', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD, confirmed, appointed admin (staff_members), type admin in userinfo', async () => {
    const rows = await app.database.query<{ role_id: string; email_confirmed: boolean; password_hash: string }>(
      'SELECT s.role_id, u.email_confirmed, u.password_hash FROM users u JOIN staff_members s ON s.user_id = u.id WHERE u.email = $1',
      [TEST_ADMIN.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role_id: 'admin', email_confirmed: true });
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    const cookie = await loginAsAdmin(app);
    const { result } = await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie });
    expect(result.data.type).toBe('admin');
  });

  it('sets the marker cookie beside the session cookie', async () => {
    const { response } = await call(app, '/api/user/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const marker = response.cookies.find((c) => c.name === cookieNames.token);
    expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(marker?.httpOnly).toBeFalsy();
  });
});

describe('adopt_token', () => {
  it('turns a live session token from the address into the session cookie', async () => {
    const cookie = await login(app, 'alice@example.com', 'alice-password-1');
    const token = cookie.slice('sid='.length).split(';')[0]!;
    const adopted = await call(app, '/api/user/adopt_token', { token });
    expect(adopted.result.code).toBe(0);
    const set = adopted.response.cookies.find((c) => c.name === cookieNames.session);
    expect(set?.value).toBe(token);
    expect(set?.httpOnly).toBe(true);
    const info = await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie: `sid=${set!.value}` });
    expect(info.result.data.email).toBe('alice@example.com');
  });

  it("keeps a browser signed in to another account in it (4003): a link with someone else's token does not switch it", async () => {
    const attacker = await login(app, 'alice@example.com', 'alice-password-1');
    const token = attacker.slice('sid='.length).split(';')[0]!;
    const victim = await signedInUser(app);
    const refused = await call(app, '/api/user/adopt_token', { token }, { cookie: victim.cookie });
    expect(refused.result.code).toBe(Codes.FORBIDDEN);
    expect(refused.response.cookies).toEqual([]);
    const info = await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie: victim.cookie });
    expect(info.result.data.email).toBe(victim.email);
    // The same account's own token (another device of the same user) is fine.
    const second = await login(app, 'alice@example.com', 'alice-password-1');
    expect(
      (
        await call(
          app,
          '/api/user/adopt_token',
          { token: second.slice('sid='.length).split(';')[0]! },
          { cookie: `sid=${token}` },
        )
      ).result.code,
    ).toBe(0);
  });

  it('refuses a token that is not a live session, and sets no cookie', async () => {
    const refused = await call(app, '/api/user/adopt_token', { token: 'forged-token-value' });
    expect(refused.result.code).toBe(Codes.SESSION_EXPIRED);
    expect(refused.response.cookies).toEqual([]);
  });
});
