import { Codes, cookieNames, type EndSessionsAnswer, type SessionDevice } from '@portal/contracts';
import { sessionMessages } from '@portal/contracts/sessions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, outboxFor, sessionCookie, signedInUser, TEST_USER_PASSWORD } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { sha256Hex } from '../../lib/random.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let app: FastifyInstance;
let operator: Admin;

beforeAll(async () => {
  app = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  operator = await signedInAdmin(app);
  await app.database.query(
    "INSERT INTO staff_members (user_id, role_id) VALUES ($1, 'admin') ON CONFLICT (user_id) DO NOTHING",
    [operator.id],
  );
});

afterAll(async () => {
  await app.close();
});

/** A login from a browser (User-Agent) at an address (X-Forwarded-For through the trusted proxy). */
async function loginFrom(email: string, userAgent: string, ip: string, password = TEST_USER_PASSWORD): Promise<string> {
  const { result, response } = await call(
    app,
    '/api/user/login',
    { email, password },
    { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } },
  );
  if (result.code !== 0) throw new Error(`login: ${result.code} ${result.msg}`);
  return sessionCookie(response);
}

const tokenOf = (cookie: string) => cookie.slice(`${cookieNames.session}=`.length);
const signedIn = async (cookie: string) => (await call(app, '/api/user/userinfo', {}, { cookie })).result.code === 0;
const devicesOf = async (cookie: string) =>
  (await call<SessionDevice[]>(app, '/api/user/sessions', {}, { cookie })).result;
const sessionRows = (userId: string) =>
  app.database.query<{ id: string; public_id: string; last_seen_at: Date; expires_at: Date }>(
    'SELECT id, public_id, last_seen_at, expires_at FROM sessions WHERE user_id = $1 ORDER BY id',
    [userId],
  );

/** A user with two devices: a Windows PC (Chrome) and an iPhone (Safari). */
async function userWithTwoDevices() {
  const user = await signedInUser(app);
  // signedInUser's own session is not needed here.
  await app.database.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
  const pc = await loginFrom(user.email, CHROME_WINDOWS, '203.0.113.7');
  const phone = await loginFrom(user.email, SAFARI_IPHONE, '198.51.100.23');
  return { ...user, pc, phone };
}

describe('/api/user/sessions', () => {
  it("lists the caller's live devices: browser, system, address, first and last seen, the caller's marked current", async () => {
    const user = await userWithTwoDevices();
    const { code, data } = await devicesOf(user.pc);
    expect(code).toBe(0);
    expect(data).toHaveLength(2);
    const byBrowser = Object.fromEntries(data.map((d) => [d.browser, d]));
    expect(byBrowser['Chrome 131']).toMatchObject({ os: 'Windows 10', ip: '203.0.113.7', current: true });
    expect(byBrowser['Safari 17']).toMatchObject({ os: 'iOS 17.5', ip: '198.51.100.23', current: false });
    for (const device of data) {
      expect(device.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(device.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(device.lastSeenAt))).toBe(false);
    }
    // From the phone, the phone is current.
    expect((await devicesOf(user.phone)).data.find((d) => d.current)?.browser).toBe('Safari 17');
  });

  it('never shows the cookie token or its hash (the session id), only a random public id', async () => {
    const user = await userWithTwoDevices();
    const { response } = await call(app, '/api/user/sessions', {}, { cookie: user.pc });
    const rows = await sessionRows(user.id);
    for (const secret of [tokenOf(user.pc), tokenOf(user.phone), ...rows.map((r) => r.id)]) {
      expect(response.body).not.toContain(secret);
    }
    const ids = (await devicesOf(user.pc)).data.map((d) => d.id).sort();
    expect(ids).toEqual(rows.map((r) => r.public_id).sort());
    expect(ids).not.toContain(sha256Hex(tokenOf(user.pc)).slice(0, 32));
  });

  it('is refused without a session (1002)', async () => {
    expect((await call(app, '/api/user/sessions')).result.code).toBe(Codes.SESSION_EXPIRED);
  });
});

describe('/api/user/end_session', () => {
  it('signs out one other device: its next call is refused with 1002, mine goes on', async () => {
    const user = await userWithTwoDevices();
    const phone = (await devicesOf(user.pc)).data.find((d) => !d.current)!;
    expect((await call(app, '/api/user/end_session', { id: phone.id }, { cookie: user.pc })).result.code).toBe(0);
    const after = await call(app, '/api/user/userinfo', {}, { cookie: user.phone });
    expect(after.status).toBe(401);
    expect(after.result.code).toBe(Codes.SESSION_EXPIRED);
    expect(await signedIn(user.pc)).toBe(true);
    expect((await devicesOf(user.pc)).data.map((d) => d.browser)).toEqual(['Chrome 131']);
  });

  it("another user's session id is answered like an unknown one and nothing changes", async () => {
    const victim = await userWithTwoDevices();
    const attacker = await userWithTwoDevices();
    const victimIds = (await devicesOf(victim.pc)).data.map((d) => d.id);
    const before = await sessionRows(victim.id);

    const theirs = await call(app, '/api/user/end_session', { id: victimIds[0] }, { cookie: attacker.pc });
    const unknown = await call(app, '/api/user/end_session', { id: 'f'.repeat(32) }, { cookie: attacker.pc });
    expect(theirs.result).toEqual(unknown.result);
    expect(theirs.status).toBe(unknown.status);
    expect(theirs.result).toMatchObject({ code: Codes.NOT_FOUND, msg: sessionMessages.notFound });

    expect(await sessionRows(victim.id)).toEqual(before);
    expect(await signedIn(victim.pc)).toBe(true);
    expect(await signedIn(victim.phone)).toBe(true);
    expect(await sessionRows(attacker.id)).toHaveLength(2);
  });

  it('refuses an id that is not a public id (4001): no token or hash is taken', async () => {
    const user = await userWithTwoDevices();
    const hash = sha256Hex(tokenOf(user.phone));
    expect((await call(app, '/api/user/end_session', { id: hash }, { cookie: user.pc })).result.code).toBe(
      Codes.INVALID_PAYLOAD,
    );
    expect(await signedIn(user.phone)).toBe(true);
  });
});

describe('/api/user/end_other_sessions', () => {
  it("ends every other session of the caller and keeps the caller's; other users are untouched", async () => {
    const user = await userWithTwoDevices();
    const third = await loginFrom(user.email, FIREFOX_LINUX, '192.0.2.5');
    const bystander = await userWithTwoDevices();
    const answer = await call<EndSessionsAnswer>(app, '/api/user/end_other_sessions', {}, { cookie: third });
    expect(answer.result).toMatchObject({ code: 0, data: { ended: 2 } });
    expect(await signedIn(third)).toBe(true);
    expect(await signedIn(user.pc)).toBe(false);
    expect(await signedIn(user.phone)).toBe(false);
    expect((await devicesOf(third)).data).toEqual([expect.objectContaining({ browser: 'Firefox 133', current: true })]);
    expect(await signedIn(bystander.pc)).toBe(true);
    expect(await signedIn(bystander.phone)).toBe(true);
  });
});

describe('idle expiry: 30 days without use, not 30 days after sign-in', () => {
  it('a session last used 29 days ago (signed in 40 days ago) stays and its end moves forward on use', async () => {
    const user = await signedInUser(app);
    await app.database.query(
      `UPDATE sessions SET created_at = now() - interval '40 days', last_seen_at = now() - interval '29 days',
         expires_at = now() + interval '1 day' WHERE user_id = $1`,
      [user.id],
    );
    expect(await signedIn(user.cookie)).toBe(true);
    const [row] = await sessionRows(user.id);
    expect(Date.now() - row!.last_seen_at.getTime()).toBeLessThan(60_000);
    expect(row!.expires_at.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
  });

  it('a session unused for 31 days has ended (1002), whatever its expires_at', async () => {
    const user = await signedInUser(app);
    await app.database.query(
      `UPDATE sessions SET last_seen_at = now() - interval '31 days', expires_at = now() + interval '1 day' WHERE user_id = $1`,
      [user.id],
    );
    const after = await call(app, '/api/user/userinfo', {}, { cookie: user.cookie });
    expect(after.result.code).toBe(Codes.SESSION_EXPIRED);
  });

  it('the cookies last long (400 days): the server decides when a session ends', async () => {
    const user = await signedInUser(app);
    const { response } = await call(app, '/api/user/login', { email: user.email, password: TEST_USER_PASSWORD });
    for (const name of [cookieNames.session, cookieNames.token]) {
      expect(response.cookies.find((c) => c.name === name)?.maxAge).toBe(400 * 24 * 3600);
    }
  });
});

describe('the operator: /api/admin/users/sessions and /end_sessions', () => {
  it("lists a user's devices and ends all of them, audited", async () => {
    const user = await userWithTwoDevices();
    const list = await operator.post<SessionDevice[]>('/api/admin/users/sessions', { uid: user.id });
    expect(list.code).toBe(0);
    expect(list.data.map((d) => d.browser).sort()).toEqual(['Chrome 131', 'Safari 17']);
    expect(list.data.every((d) => !d.current)).toBe(true);

    expect(await operator.post<EndSessionsAnswer>('/api/admin/users/end_sessions', { uid: user.id })).toMatchObject({
      code: 0,
      data: { ended: 2 },
    });
    expect(await signedIn(user.pc)).toBe(false);
    expect(await signedIn(user.phone)).toBe(false);
    expect(await auditOf(app, 'user', user.id)).toEqual([
      expect.objectContaining({ action: 'action', detail: 'end_sessions', operator_id: operator.id }),
    ]);
  });

  it('refuses a user who is not staff (4003) and ends nothing', async () => {
    const victim = await userWithTwoDevices();
    const other = await signedInUser(app);
    for (const path of ['/api/admin/users/sessions', '/api/admin/users/end_sessions']) {
      expect((await call(app, path, { uid: victim.id }, { cookie: other.cookie })).result.code).toBe(Codes.FORBIDDEN);
    }
    expect(await sessionRows(victim.id)).toHaveLength(2);
  });
});

describe('what else ends sessions', () => {
  it("disabling a user ends the user's sessions at once", async () => {
    const user = await userWithTwoDevices();
    const { data: current } = await operator.post<Record<string, unknown>>('/api/admin/users/user', { uid: user.id });
    const keys = [
      '_id',
      'disable',
      'scale',
      'paidUser',
      'is_agency',
      'traffic',
      'vipExpireTime',
      'specialDailyUnlimitTraffic',
      'dailyUnlimitTraffic',
      'normalPermission',
      'canChangePassword',
      'canChangeDescribeKey',
      'forceReward',
    ];
    const update = { ...Object.fromEntries(keys.map((k) => [k, current[k]])), disable: true };
    expect((await operator.post('/api/admin/users/update_user', update)).code).toBe(0);
    expect(await sessionRows(user.id)).toEqual([]);
    expect(await signedIn(user.pc)).toBe(false);
  });

  it("the operator's password change ends them", async () => {
    const user = await userWithTwoDevices();
    const answer = await operator.post('/api/admin/users/change_password', {
      email: user.email,
      password: 'new-password-9',
    });
    expect(answer.code).toBe(0);
    expect(await signedIn(user.pc)).toBe(false);
    expect(await signedIn(user.phone)).toBe(false);
  });
  // The user's own password change (the confirmed link) ends every session: accounts/reset-password.test.ts.
});

describe('new-device mail to staff', () => {
  const newDeviceMails = async (email: string) =>
    (await outboxFor(app, email)).filter((m) => m.subject.includes('新设备登录提醒'));

  it('mails a staff member who signs in from a browser, system and address none of their live sessions had', async () => {
    const staff = await signedInUser(app);
    await app.database.query("INSERT INTO staff_members (user_id, role_id) VALUES ($1, 'yunying')", [staff.id]);
    await app.database.query('DELETE FROM sessions WHERE user_id = $1', [staff.id]);

    await loginFrom(staff.email, CHROME_WINDOWS, '203.0.113.9');
    expect(await newDeviceMails(staff.email)).toHaveLength(1);
    // The same browser and address again (a newer version too): not new.
    await loginFrom(staff.email, CHROME_WINDOWS.replace('131.0.0.0', '132.0.0.0'), '203.0.113.9');
    expect(await newDeviceMails(staff.email)).toHaveLength(1);
    // Another browser, then the same browser from another address: new each time.
    await loginFrom(staff.email, FIREFOX_LINUX, '203.0.113.9');
    await loginFrom(staff.email, CHROME_WINDOWS, '198.51.100.77');
    const mails = await newDeviceMails(staff.email);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.text).toContain('设备：Chrome 131 · Windows 10');
    expect(mails[0]!.text).toContain('地址：203.0.113.9');
    expect(mails[1]!.text).toContain('设备：Firefox 133 · Linux');
    expect(mails[2]!.text).toContain('地址：198.51.100.77');
  });

  it('mails nobody for a user who is not staff', async () => {
    const user = await signedInUser(app);
    await loginFrom(user.email, CHROME_WINDOWS, '203.0.113.10');
    await loginFrom(user.email, FIREFOX_LINUX, '192.0.2.44');
    expect(await newDeviceMails(user.email)).toEqual([]);
  });
});
