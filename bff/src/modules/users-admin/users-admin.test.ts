import {
  Codes,
  cookieNames,
  GiB,
  PAGE_HEADER,
  type AdminUser,
  type UserChannelAnswer,
  type UserUpdate,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, startAdminApp, type Admin } from '../../../test/admin.js';
import { call, createUser, login, signedInUser } from '../../../test/api.js';
import { deposit, newOrder, product, shopApi } from '../../../test/money.js';
import { NODE_API_PREFIX } from '../node-api/index.js';
import { createNode } from '../node-api/testing/fixtures.js';
import { createUsersAdminRepository } from './repository.js';
import { usersAdminTexts } from './service.js';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => ({ app, admin } = await startAdminApp()));
afterAll(() => app.close());

const DAY = 86_400_000;

async function userRow(id: string) {
  const [row] = await app.database.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]);
  return row!;
}

const sessionCount = async (id: string) =>
  Number(
    (await app.database.query<{ n: string }>('SELECT count(*) AS n FROM sessions WHERE user_id = $1', [id]))[0]!.n,
  );

async function adminUser(id: string): Promise<AdminUser> {
  const { code, data, msg } = await admin.post<AdminUser>('/api/admin/users/user', { uid: id });
  if (code !== 0) throw new Error(`users/user: ${code} ${msg}`);
  return data;
}

/** The dialog's payload of a user as it stands: saving it unchanged changes nothing. */
function asUpdate(user: AdminUser, changes: Partial<UserUpdate> = {}): UserUpdate {
  return {
    _id: user._id,
    disable: user.disable,
    scale: user.scale,
    paidUser: user.paidUser,
    is_agency: user.is_agency,
    traffic: user.traffic,
    vipExpireTime: user.vipExpireTime,
    specialDailyUnlimitTraffic: user.specialDailyUnlimitTraffic,
    dailyUnlimitTraffic: user.dailyUnlimitTraffic,
    normalPermission: user.normalPermission,
    canChangePassword: user.canChangePassword,
    canChangeDescribeKey: user.canChangeDescribeKey,
    forceReward: user.forceReward,
    ...changes,
  };
}

const adjustRecords = (id: string) =>
  app.database.query<{ traffic_change: string; all_traffic: string; desc: string }>(
    `SELECT traffic_change::text, all_traffic::text, "desc" FROM traffic_records WHERE user_id = $1 AND type = 'admin_adjust' ORDER BY id`,
    [id],
  );

describe('/api/admin/users/userlist and /user', () => {
  let ids: string[];

  beforeAll(async () => {
    ids = [];
    // Three users created a day apart (oldest first), one invited by the code "LIST01".
    for (const [i, email] of ['list-a@example.com', 'list-b@example.com', 'list-c@example.com'].entries()) {
      const u = await signedInUser(app, { email });
      await app.database.query(`UPDATE users SET created_at = $2 WHERE id = $1`, [
        u.id,
        new Date(Date.UTC(2020, 0, 1 + i)),
      ]);
      ids.push(u.id);
    }
    await app.database.query(`UPDATE users SET channel_code = 'LIST01', wallet_money = 1234 WHERE id = $1`, [ids[1]]);
    await app.database.query(`INSERT INTO channels (code, user_id, name) VALUES ('OWNLIST', $1, '自己的')`, [ids[2]]);
  });

  it('lists newest first, 100 by default, with the user (admin) fields and never a password hash or session', async () => {
    const { code, data } = await admin.post<AdminUser[]>('/api/admin/users/userlist', {});
    expect(code).toBe(0);
    expect(data.length).toBeLessThanOrEqual(100);
    const times = data.map((u) => Date.parse(u.createTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const b = data.find((u) => u._id === ids[1])!;
    expect(b).toMatchObject({
      email: 'list-b@example.com',
      channel_code: 'LIST01',
      wallet_money: 12.34,
      disable: false,
      scale: 1,
      traffic: 0,
      spendTraffic: 0,
      normalPermission: true,
      specialDailyUnlimitTraffic: false,
      dailyUnlimitTraffic: 50,
      forceReward: false,
    });
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2|session|token/i);
  });

  it('takes the count, the free text (e-mail, id, inviter code, own code) and the date range', async () => {
    const list = async (payload: object) => {
      const { code, data } = await admin.post<AdminUser[]>('/api/admin/users/userlist', payload);
      expect(code).toBe(0);
      return data.map((u) => u._id);
    };
    expect(await list({ number: 2 })).toHaveLength(2);
    expect(await list({ filterStr: 'LIST-B@EXAMPLE' })).toEqual([ids[1]]);
    expect(await list({ filterStr: ids[0] })).toEqual([ids[0]]);
    expect(await list({ filterStr: 'list01' })).toEqual([ids[1]]);
    expect(await list({ filterStr: 'OWNLIST' })).toEqual([ids[2]]);
    // A LIKE wildcard is an ordinary character here.
    expect(await list({ filterStr: '%' })).toEqual([]);
    const from = Date.UTC(2020, 0, 2);
    expect(await list({ fromTimestamp: from, toTimestamp: from + DAY - 1 })).toEqual([ids[1]]);
    expect(await list({ filterStr: 'list-', fromTimestamp: from })).toEqual([ids[2], ids[1]]);
  });

  it('shows first_url (the first page, from the sign-up) and last_url (the page of the last use of a session)', async () => {
    const email = `pages-${Date.now()}@example.com`;
    const first = '/?c=PAGES1#/register';
    const signup = await call(
      app,
      '/api/user/signup',
      { email, password: 'pages-password-1' },
      {
        cookie: `${cookieNames.firstUrl}=${encodeURIComponent(first)}`,
      },
    );
    expect(signup.result.code, signup.result.msg).toBe(0);
    const [row] = await app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    expect(await adminUser(row!.id)).toMatchObject({ first_url: first, last_url: '' });

    // A user's calls name their page; it is kept when the session is marked used (at most every
    // five minutes): here the last use is moved back past that.
    const user = await signedInUser(app);
    const ageSession = () =>
      app.database.query(`UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE user_id = $1`, [
        user.id,
      ]);
    await ageSession();
    const page = (value: string) => ({ cookie: user.cookie, headers: { [PAGE_HEADER]: value } });
    expect((await call(app, '/api/user/userinfo', {}, page('/shop'))).result.code).toBe(0);
    expect((await adminUser(user.id)).last_url).toBe('/shop');
    // Not marked used again within five minutes: the page stays.
    expect((await call(app, '/api/user/userinfo', {}, page('/wallet'))).result.code).toBe(0);
    expect((await adminUser(user.id)).last_url).toBe('/shop');
    // Anything but a route path is ignored.
    await ageSession();
    expect((await call(app, '/api/user/userinfo', {}, page('javascript:alert(1)'))).result.code).toBe(0);
    expect((await adminUser(user.id)).last_url).toBe('/shop');
    await ageSession();
    expect((await call(app, '/api/user/userinfo', {}, page('/user_info'))).result.code).toBe(0);
    expect((await adminUser(user.id)).last_url).toBe('/user_info');
  });

  it('/user answers one user; an unknown one is 4004', async () => {
    expect((await adminUser(ids[2]!)).own_channel_code).toBe('OWNLIST');
    const missing = await admin.post('/api/admin/users/user', { uid: 'f'.repeat(24) });
    expect(missing.code).toBe(Codes.NOT_FOUND);
  });
});

describe('/api/admin/users/get_user_channel and /update_channel', () => {
  it('creates the channel when the user has none, then changes it; invitees follow a new code; audited', async () => {
    const owner = await signedInUser(app);
    const invitee = await signedInUser(app);
    const none = await admin.post<UserChannelAnswer>('/api/admin/users/get_user_channel', { user_id: owner.id });
    expect(none.code).toBe(0);
    expect(none.data.channel).toBeNull();
    expect(none.data.defaults.rewardRate).toBeGreaterThan(0);

    const created = await admin.post<UserChannelAnswer>('/api/admin/users/update_channel', {
      user_id: owner.id,
      code: 'CHAN01',
      name: '渠道一',
      rewardRate: 0.2,
      comsumerDuration: 30,
    });
    expect(created.code).toBe(0);
    expect(created.data.channel).toEqual({
      user_id: owner.id,
      email: owner.email,
      code: 'CHAN01',
      name: '渠道一',
      rewardRate: 0.2,
      comsumerDuration: 30,
    });
    await app.database.query(`UPDATE users SET channel_code = 'CHAN01' WHERE id = $1`, [invitee.id]);

    const changed = await admin.post<UserChannelAnswer>('/api/admin/users/update_channel', {
      user_id: owner.id,
      code: 'CHAN02',
      name: '渠道二',
      rewardRate: 0,
      comsumerDuration: 0,
    });
    expect(changed.code).toBe(0);
    expect(changed.data.channel).toMatchObject({ code: 'CHAN02', rewardRate: 0, comsumerDuration: 0 });
    expect((await userRow(invitee.id)).channel_code).toBe('CHAN02');
    const got = await admin.post<UserChannelAnswer>('/api/admin/users/get_user_channel', { user_id: owner.id });
    expect(got.data.channel?.code).toBe('CHAN02');

    const audit = await auditOf(app, 'channel', owner.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.after).toMatchObject({ code: 'CHAN02', inviteesMoved: 1 });
  });

  it('refuses a rate outside 0–0.5, a code another channel has, and an unknown user; nothing changes', async () => {
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    await admin.post('/api/admin/users/update_channel', {
      user_id: other.id,
      code: 'TAKEN1',
      name: '',
      rewardRate: 0.1,
      comsumerDuration: 10,
    });
    const base = { user_id: owner.id, code: 'FREE01', name: 'x', rewardRate: 0.3, comsumerDuration: 5 };
    for (const payload of [
      { ...base, rewardRate: 0.51 },
      { ...base, rewardRate: -0.01 },
      { ...base, comsumerDuration: -1 },
      { ...base, code: '中文码' },
      { ...base, code: '' },
    ]) {
      expect((await admin.post('/api/admin/users/update_channel', payload)).code, JSON.stringify(payload)).toBe(
        Codes.INVALID_PAYLOAD,
      );
    }
    const taken = await admin.post('/api/admin/users/update_channel', { ...base, code: 'TAKEN1' });
    expect(taken).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: usersAdminTexts.codeTaken('TAKEN1') });
    const unknown = await admin.post('/api/admin/users/update_channel', { ...base, user_id: 'f'.repeat(24) });
    expect(unknown.code).toBe(Codes.NOT_FOUND);
    expect(await app.database.query('SELECT * FROM channels WHERE user_id = $1', [owner.id])).toEqual([]);
    expect(await auditOf(app, 'channel', owner.id)).toEqual([]);
    // The edge values are accepted.
    expect((await admin.post('/api/admin/users/update_channel', { ...base, rewardRate: 0.5 })).code).toBe(0);
  });
});

describe('/api/admin/users/update_user', () => {
  it('applies the dialog fields; an untouched save changes nothing and writes no traffic record', async () => {
    const u = await signedInUser(app);
    const before = await adminUser(u.id);
    expect((await admin.post('/api/admin/users/update_user', asUpdate(before))).code).toBe(0);
    expect(await adjustRecords(u.id)).toEqual([]);
    expect(await adminUser(u.id)).toEqual(before);

    const saved = await admin.post<AdminUser>(
      '/api/admin/users/update_user',
      asUpdate(before, {
        scale: 1.5,
        paidUser: true,
        is_agency: true,
        specialDailyUnlimitTraffic: true,
        dailyUnlimitTraffic: 20,
        normalPermission: false,
        canChangePassword: false,
        canChangeDescribeKey: false,
        forceReward: true,
      }),
    );
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      scale: 1.5,
      paidUser: true,
      is_agency: true,
      specialDailyUnlimitTraffic: true,
      dailyUnlimitTraffic: 20,
      normalPermission: false,
      canChangePassword: false,
      canChangeDescribeKey: false,
      forceReward: true,
    });
    expect(Number((await userRow(u.id)).daily_limit)).toBe(20 * GiB);
    // The limit is the operator's only while the switch is on; off, the default is back.
    const off = await admin.post<AdminUser>(
      '/api/admin/users/update_user',
      asUpdate(saved.data, { specialDailyUnlimitTraffic: false, dailyUnlimitTraffic: 99 }),
    );
    expect(off.data).toMatchObject({ specialDailyUnlimitTraffic: false, dailyUnlimitTraffic: 50 });
    expect((await userRow(u.id)).daily_limit).toBeNull();

    const audit = await auditOf(app, 'user', u.id);
    expect(audit.at(-2)).toMatchObject({ action: 'action', detail: 'update_user', operator_email: admin.email });
    expect(audit.at(-2)!.after).toMatchObject({ scale: 1.5, forceReward: true, specialDailyLimit: true });
    expect(JSON.stringify(audit)).not.toMatch(/passwordHash|password_hash|argon2|userkey/i);
  });

  it("a purchase leaves an operator's daily limit (special speed limit on) and sets its own otherwise", async () => {
    const combo = await product(app, { price: 1, traffic: 0, vipDuration: 30, limit: 80 });
    const buy = async (u: { id: string; cookie: string }) => {
      await deposit(app, u.id, 100);
      const order = await newOrder(app, u.cookie, combo);
      const api = shopApi(app, u.cookie);
      expect((await api.walletCheck(order._id)).code).toBe(0);
      const paid = await api.dobuy(order._id);
      expect(paid.data.status).toBe('paied');
    };
    const special = await signedInUser(app);
    await admin.post(
      '/api/admin/users/update_user',
      asUpdate(await adminUser(special.id), { specialDailyUnlimitTraffic: true, dailyUnlimitTraffic: 5 }),
    );
    await buy(special);
    expect((await adminUser(special.id)).dailyUnlimitTraffic).toBe(5);
    const plain = await signedInUser(app);
    await buy(plain);
    expect((await adminUser(plain.id)).dailyUnlimitTraffic).toBe(80);
  });

  it('never takes type, wallet money, userkey, e-mail or password: the call is refused and nothing changes', async () => {
    const u = await signedInUser(app);
    const before = await userRow(u.id);
    const plain = asUpdate(await adminUser(u.id), { paidUser: true });
    for (const extra of [
      { type: 'admin' },
      { wallet_money: 1000 },
      { walletMoney: 1000 },
      { userkey: 'f'.repeat(32) },
      { email: 'taken-over@example.com' },
      { password: 'new-password-123' },
      { passwordHash: 'x' },
    ]) {
      const refused = await admin.post('/api/admin/users/update_user', { ...plain, ...extra });
      expect(refused.code, JSON.stringify(extra)).toBe(Codes.INVALID_PAYLOAD);
      expect(await userRow(u.id), JSON.stringify(extra)).toEqual(before);
    }
    expect(await auditOf(app, 'user', u.id)).toEqual([]);
    // The same payload without them goes through, and changes only what it names.
    expect((await admin.post('/api/admin/users/update_user', plain)).code).toBe(0);
    const after = await userRow(u.id);
    expect(after).toEqual({ ...before, paid_user: true });
  });

  it('a traffic or VIP change goes through the ledger (admin_adjust) and the balance matches the records', async () => {
    const u = await signedInUser(app);
    const start = await adminUser(u.id);
    const vip = new Date(Date.now() + 30 * DAY).toISOString();
    const up = await admin.post<AdminUser>(
      '/api/admin/users/update_user',
      asUpdate(start, { traffic: 10 * GiB, vipExpireTime: vip }),
    );
    expect(up.code).toBe(0);
    expect(up.data).toMatchObject({ traffic: 10 * GiB, vipExpireTime: vip });
    const down = await admin.post<AdminUser>('/api/admin/users/update_user', asUpdate(up.data, { traffic: 4 * GiB }));
    expect(down.data.traffic).toBe(4 * GiB);
    const cleared = await admin.post<AdminUser>(
      '/api/admin/users/update_user',
      asUpdate(down.data, { vipExpireTime: null }),
    );
    expect(cleared.data.vipExpireTime).toBeNull();

    const records = await adjustRecords(u.id);
    expect(records.map((r) => Number(r.traffic_change))).toEqual([10 * GiB, -6 * GiB, 0]);
    expect(records.map((r) => Number(r.all_traffic))).toEqual([10 * GiB, 4 * GiB, 4 * GiB]);
    expect(records[0]!.desc).toContain('10.00G');
    expect(records[2]!.desc).toBe(usersAdminTexts.vipCleared);
    const sum = await app.database.query<{ total: string }>(
      'SELECT sum(traffic_change)::text AS total FROM traffic_records WHERE user_id = $1',
      [u.id],
    );
    expect(Number(sum[0]!.total)).toBe(Number((await userRow(u.id)).traffic));
    // Changing traffic or time leaves the user signed in.
    expect((await call(app, '/api/user/userinfo', {}, { cookie: u.cookie })).result.code).toBe(0);
  });

  it("the user's scale multiplies what the nodes' traffic costs them", async () => {
    const node = await createNode(app);
    const u = await signedInUser(app);
    await admin.post('/api/admin/users/update_user', asUpdate(await adminUser(u.id), { traffic: 10 * GiB, scale: 2 }));
    await app.usage.recordReport({
      agentId: node.agentId,
      reportId: 'users-admin-scale',
      lineScale: 1,
      usages: [{ userId: u.id, upload: 0, download: 1000 * 1024 * 1024 }],
    });
    expect(Number((await userRow(u.id)).spend_traffic)).toBe(2000 * 1024 * 1024);
  });

  it('without normalPermission the user gets no line that needs no permission, in the link and on the node', async () => {
    const node = await createNode(app, { port: 18777 });
    const u = await signedInUser(app);
    const { userkey } = (await userRow(u.id)) as { userkey: string };
    const link = async () => (await app.inject({ method: 'GET', url: `/api/subscript/clash/${u.id}/${userkey}` })).body;
    const nodeUsers = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `${NODE_API_PREFIX}/user`,
          query: { node_id: node.agentId, token: node.secret, node_type: 'vmess' },
        })
      ).body;
    await admin.post('/api/admin/users/update_user', asUpdate(await adminUser(u.id), { traffic: 10 * GiB }));
    expect(await link()).toContain('18777');
    expect(await nodeUsers()).toContain(u.id);
    await admin.post('/api/admin/users/update_user', asUpdate(await adminUser(u.id), { normalPermission: false }));
    expect(await link()).not.toContain('18777');
    expect(await nodeUsers()).not.toContain(u.id);
  });

  it('refuses a VIP time that is not a time and an unknown user; nothing changes', async () => {
    const u = await signedInUser(app);
    const current = await adminUser(u.id);
    expect(
      (await admin.post('/api/admin/users/update_user', asUpdate(current, { vipExpireTime: 'not-a-date-at-all' })))
        .code,
    ).toBe(Codes.INVALID_PAYLOAD);
    expect((await admin.post('/api/admin/users/update_user', asUpdate(current, { _id: 'f'.repeat(24) }))).code).toBe(
      Codes.NOT_FOUND,
    );
    expect((await admin.post('/api/admin/users/update_user', asUpdate(current, { scale: 0 }))).code).toBe(
      Codes.INVALID_PAYLOAD,
    );
    expect(await adminUser(u.id)).toEqual(current);
  });

  it('disabling ends every session of the user, and their subscription answers the informative entry', async () => {
    const u = await signedInUser(app);
    await app.sessions.create(u.id);
    expect(await sessionCount(u.id)).toBe(2);
    const { userkey } = (await userRow(u.id)) as { userkey: string };
    const saved = await admin.post<AdminUser>(
      '/api/admin/users/update_user',
      asUpdate(await adminUser(u.id), { disable: true }),
    );
    expect(saved.code).toBe(0);
    expect(saved.data.disable).toBe(true);
    expect(await sessionCount(u.id)).toBe(0);
    expect((await call(app, '/api/user/userinfo', {}, { cookie: u.cookie })).result.code).toBe(Codes.SESSION_EXPIRED);
    const subscription = await app.inject({ method: 'GET', url: `/api/subscript/clash/${u.id}/${userkey}` });
    expect(subscription.statusCode).toBe(200);
    expect(subscription.body).toContain('账号已停用');
  });
});

describe('/api/admin/users/change_password', () => {
  it('sets the password (argon2id), ends the sessions, and the new password logs in; audited without the hash', async () => {
    const email = 'pw-change@example.com';
    const id = await createUser(app, { email, password: 'old-password-1' });
    await login(app, email, 'old-password-1');
    await login(app, email, 'old-password-1');
    expect(await sessionCount(id)).toBe(2);

    const changed = await admin.post('/api/admin/users/change_password', {
      email: 'PW-Change@example.com',
      password: 'new-password-2',
    });
    expect(changed.code).toBe(0);
    expect(await sessionCount(id)).toBe(0);
    expect(String((await userRow(id)).password_hash)).toMatch(/^\$argon2id\$/);
    const old = await call(app, '/api/user/login', { email, password: 'old-password-1' });
    expect(old.result.code).toBe(Codes.LOGIN_FAILED);
    await login(app, email, 'new-password-2');

    const audit = await auditOf(app, 'user', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'action', detail: 'change_password', before: null, after: null });
    const rows = await app.database.query<{ row: string }>(`SELECT a::text AS row FROM audit_log a`);
    expect(rows.map((r) => r.row).join('\n')).not.toMatch(/argon2|new-password-2/);
  });

  it('refuses a short password and an unknown e-mail; nothing changes', async () => {
    const email = 'pw-keep@example.com';
    const id = await createUser(app, { email, password: 'keep-password-1' });
    const before = await userRow(id);
    expect((await admin.post('/api/admin/users/change_password', { email, password: 'short' })).code).toBe(
      Codes.INVALID_PAYLOAD,
    );
    expect(
      (await admin.post('/api/admin/users/change_password', { email: 'nobody@example.com', password: 'long-enough-1' }))
        .code,
    ).toBe(Codes.NOT_FOUND);
    expect(await userRow(id)).toEqual(before);
  });
});

describe('refusals', () => {
  it('normal, channel, yunying and anonymous callers are refused on every users call; nothing changes', async () => {
    const target = await signedInUser(app);
    const before = await userRow(target.id);
    const current = await adminUser(target.id);
    const calls: Array<[string, object]> = [
      ['/api/admin/users/userlist', {}],
      ['/api/admin/users/user', { uid: target.id }],
      ['/api/admin/users/get_user_channel', { user_id: target.id }],
      [
        '/api/admin/users/update_channel',
        { user_id: target.id, code: 'REFUSE', name: '', rewardRate: 0.1, comsumerDuration: 1 },
      ],
      ['/api/admin/users/update_user', asUpdate(current, { traffic: 99 * GiB, disable: true })],
      ['/api/admin/users/change_password', { email: target.email, password: 'taken-over-123' }],
    ];
    const callers: Array<{ cookie?: string; code: number }> = [{ code: Codes.SESSION_EXPIRED }];
    for (const type of ['normal', 'channel', 'yunying'] as const) {
      callers.push({ cookie: (await signedInUser(app, { type })).cookie, code: Codes.FORBIDDEN });
    }
    for (const [url, payload] of calls) {
      for (const caller of callers) {
        const { result } = await call(app, url, payload, caller.cookie === undefined ? {} : { cookie: caller.cookie });
        expect(result.code, url).toBe(caller.code);
      }
    }
    expect(await userRow(target.id)).toEqual(before);
    expect(await app.database.query('SELECT * FROM channels WHERE user_id = $1', [target.id])).toEqual([]);
    expect(await auditOf(app, 'user', target.id)).toEqual([]);
  });
});

describe('the user search on a long list (issue 23): a window of the newest users, then indexes only', () => {
  /** What the list answered before the window: every user read, every field, any part. */
  async function fullScan(text: string, limit: number, from = new Date(0)): Promise<string[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await app.database.query<{ id: string }>(
      `SELECT u.id FROM users u LEFT JOIN channels c ON c.user_id = u.id
       WHERE u.created_at >= $3 AND (u.email ILIKE $1 OR u.id ILIKE $1 OR u.channel_code ILIKE $1 OR c.code ILIKE $1)
       ORDER BY u.created_at DESC, u.id DESC LIMIT $2`,
      [pattern, limit, from],
    );
    return rows.map((r) => r.id);
  }

  it('finds what the full scan found, once each and in order, across the window edge and ties on created_at', async () => {
    // 40 users in runs of four sharing one created_at; every third one invited by WINCODE.
    await app.database.query(
      `INSERT INTO users (id, email, password_hash, type, userkey, email_confirmed, channel_code, created_at)
       SELECT md5('window-user-' || g)::text::varchar(24), 'window-' || g || '@example.com', 'not-a-hash', 'normal',
              md5('key-' || g), true, CASE WHEN g % 3 = 0 THEN 'WinCode' ELSE '' END,
              timestamptz '2021-03-01' + (g / 4) * interval '1 hour'
       FROM generate_series(1, 40) g`,
    );
    const [{ id: someId } = { id: '' }] = await app.database.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'window-7@example.com'",
    );
    const texts = ['window-', 'WINDOW-1', 'wincode', 'example.com', someId, someId.slice(3, 12), 'nobody-here'];
    for (const searchWindow of [1, 6, 13, 100_000]) {
      const repo = createUsersAdminRepository(app.db, { searchWindow });
      for (const text of texts) {
        for (const limit of [1, 5, 17, 500]) {
          const ids = (await repo.list({ limit, text })).map((row) => row.id);
          // A part of an id is found among the window's users only; everything else anywhere.
          const expected = text === someId.slice(3, 12) && searchWindow < 100_000 ? ids : await fullScan(text, limit);
          expect(ids, `window ${searchWindow}, "${text}", ${limit}`).toEqual(expected);
        }
        const from = new Date('2021-03-01T05:00:00Z');
        expect((await repo.list({ limit: 500, text, from })).map((row) => row.id)).toEqual(
          await fullScan(text, 500, from),
        );
      }
    }
  });
});
