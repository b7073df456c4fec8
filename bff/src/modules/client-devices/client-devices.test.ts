// Issue 27, device limits: clients that send a hardware id (x-hwid) become the user's devices; a
// new one beyond the limit gets the informative entry instead of lines, known ones keep working,
// removing one frees its place, and every fetch is recorded (batched, trimmed).
import { Codes, type AdminSubscriptionDevices, type AdminUser, type SubscriptionDevices } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { GiB, newOrder, product, shopApi } from '../../../test/money.js';
import { applyDemoNetwork } from '../network/index.js';
import { FETCHES_KEPT_PER_USER } from './index.js';

const LIMIT_TEXT = '设备数已达上限，请登录用户中心移除旧设备';
const NO_HWID_TEXT = '请使用支持设备识别的客户端更新订阅';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => {
  ({ app, admin } = await startAdminApp());
  await applyDemoNetwork(app.network);
});
afterAll(() => app.close());

/** A user with traffic left, so every fetch would list lines but for the device gate. */
async function subscriber(deviceNum = 0) {
  const user = await signedInUser(app);
  await app.database.query(
    'UPDATE users SET traffic = $1, spend_traffic = 0, vip_expire_time = $2, device_num = $3 WHERE id = $4',
    [10 * GiB, '2099-01-01T00:00:00Z', deviceNum, user.id],
  );
  const [{ userkey }] = (await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [
    user.id,
  ])) as [{ userkey: string }];
  return { ...user, userkey };
}
type Subscriber = Awaited<ReturnType<typeof subscriber>>;

/** The proxy names a Clash client fetching the link with these headers gets. */
async function fetchAs(user: Subscriber, headers: Record<string, string>): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/subscript/mjclash/${user.id}/${user.userkey}`,
    headers: { 'user-agent': 'FlClash/0.8.80', ...headers },
  });
  expect(res.statusCode).toBe(200);
  return (parse(res.body) as { proxies: { name: string }[] }).proxies.map((p) => p.name);
}
const device = (hwid: string, model = 'Pixel 8') => ({
  'x-hwid': hwid,
  'x-device-os': 'Android',
  'x-ver-os': '14',
  'x-device-model': model,
});
const servesLines = (names: string[]) => names.length > 1 && !names.includes(LIMIT_TEXT);

async function myDevices(user: Subscriber) {
  const { result } = await call<SubscriptionDevices>(
    app,
    '/api/user/subscription_devices',
    {},
    { cookie: user.cookie },
  );
  expect(result.code, result.msg).toBe(0);
  return result.data;
}

const setNoHwid = async (mode: string) =>
  expect((await admin.post('/api/admin/config/set_config', { subscription_no_hwid: mode })).code).toBe(0);

describe('a device limit of 2', () => {
  it('lets two hardware ids in, gives the third the informative entry, and keeps the first working', async () => {
    const user = await subscriber(2);
    expect(servesLines(await fetchAs(user, device('hw-a', 'iPhone15,2')))).toBe(true);
    expect(servesLines(await fetchAs(user, device('hw-b')))).toBe(true);
    expect(await fetchAs(user, device('hw-c'))).toEqual([LIMIT_TEXT]);
    expect(servesLines(await fetchAs(user, device('hw-a', 'iPhone15,2')))).toBe(true);

    const mine = await myDevices(user);
    expect(mine.limit).toBe(2);
    expect(mine.devices.map((d) => d.model).sort()).toEqual(['Pixel 8', 'iPhone15,2']);
    expect(mine.devices[0]).toMatchObject({
      os: expect.stringMatching(/Android 14|/),
      client: 'FlClash/0.8.80',
      unknown: false,
    });
  });

  it('frees the place at once when the user removes a device; another user cannot remove it', async () => {
    const user = await subscriber(2);
    await fetchAs(user, device('one'));
    await fetchAs(user, device('two'));
    expect(await fetchAs(user, device('three'))).toEqual([LIMIT_TEXT]);
    const two = (await myDevices(user)).devices.find((d) => d.model === 'Pixel 8')!;

    const stranger = await signedInUser(app);
    const refused = await call(
      app,
      '/api/user/remove_subscription_device',
      { id: two.id },
      { cookie: stranger.cookie },
    );
    expect(refused.result.code).toBe(Codes.NOT_FOUND);
    expect((await myDevices(user)).devices).toHaveLength(2);

    const removed = await call(app, '/api/user/remove_subscription_device', { id: two.id }, { cookie: user.cookie });
    expect(removed.result.code).toBe(0);
    expect(servesLines(await fetchAs(user, device('three')))).toBe(true);
  });

  it('admits only one of two new devices that fetch at once under a limit of 1', async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await subscriber(1);
      const answers = await Promise.all([fetchAs(user, device(`x${round}`)), fetchAs(user, device(`y${round}`))]);
      expect(answers.filter(servesLines)).toHaveLength(1);
      expect((await myDevices(user)).devices).toHaveLength(1);
    }
  });
});

describe('where the limit comes from', () => {
  it('the operator sets it on the user (update_user deviceNum) and sees the devices and fetches', async () => {
    const user = await subscriber(0);
    for (const hwid of ['p', 'q', 'r']) expect(servesLines(await fetchAs(user, device(hwid)))).toBe(true);

    const opened = (await admin.post<AdminUser>('/api/admin/users/user', { uid: user.id })).data;
    expect(opened).toMatchObject({ deviceNum: 0, packageDeviceNum: 0 });
    const saved = await admin.post('/api/admin/users/update_user', {
      _id: opened._id,
      disable: opened.disable,
      scale: opened.scale,
      paidUser: opened.paidUser,
      is_agency: opened.is_agency,
      traffic: opened.traffic,
      vipExpireTime: opened.vipExpireTime,
      specialDailyUnlimitTraffic: opened.specialDailyUnlimitTraffic,
      dailyUnlimitTraffic: opened.dailyUnlimitTraffic,
      normalPermission: opened.normalPermission,
      canChangePassword: opened.canChangePassword,
      canChangeDescribeKey: opened.canChangeDescribeKey,
      forceReward: opened.forceReward,
      loadedTraffic: opened.traffic,
      loadedVipExpireTime: opened.vipExpireTime,
      deviceNum: 3,
    });
    expect(saved.code, saved.msg).toBe(0);
    // Three devices held, a limit of three: a fourth is refused, the known ones keep working.
    expect(await fetchAs(user, device('s'))).toEqual([LIMIT_TEXT]);
    expect(servesLines(await fetchAs(user, device('p')))).toBe(true);

    await app.clientDevices.flushFetches();
    const view = await admin.post<AdminSubscriptionDevices>('/api/admin/users/subscription_devices', { uid: user.id });
    expect(view.code).toBe(0);
    expect(view.data).toMatchObject({ limit: 3, deviceNum: 3, packageDeviceNum: 0 });
    expect(view.data.devices).toHaveLength(3);
    expect(view.data.fetches.map((f) => [f.hwid, f.refused])).toEqual([
      ['p', null],
      ['s', 'device_limit'],
      ['r', null],
      ['q', null],
      ['p', null],
    ]);
    expect(view.data.fetches[0]).toMatchObject({ kind: 'mjclash', userAgent: 'FlClash/0.8.80' });

    // The operator removes one: its place is free at once.
    const p = view.data.devices.find((d) => d.lastSeenAt === view.data.devices[0]!.lastSeenAt)!;
    const removed = await admin.post('/api/admin/users/remove_subscription_device', { uid: user.id, id: p.id });
    expect(removed.code).toBe(0);
    expect(servesLines(await fetchAs(user, device('s')))).toBe(true);
    // A normal user cannot read another user's devices through the back office.
    const other = await signedInUser(app);
    const denied = await call(app, '/api/admin/users/subscription_devices', { uid: user.id }, { cookie: other.cookie });
    expect(denied.result.code).not.toBe(0);
  });

  it('a purchase brings the package’s device count; the operator’s figure wins over it', async () => {
    const buyer = await signedInUser(app);
    const pack = await product(app, { name: '两台设备套餐', price: 10, traffic: 50 * GiB, deviceNum: 2 });
    const order = await newOrder(app, buyer.cookie, pack);
    const trade = await shopApi(app, buyer.cookie).dobuy(order._id, { pay_mode: 'alipay' });
    expect(trade.code, trade.msg).toBe(0);
    // The sandbox provider's notice of the whole price.
    const paid = await app.fulfilment.settle({
      tradeId: trade.data._id,
      paidCents: Math.round(trade.data.request_pay_amound * 100),
      provider: 'sandbox',
      externalId: `EXT${trade.data._id}`,
    });
    expect(paid).toBe('paid');
    const [{ userkey }] = (await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [
      buyer.id,
    ])) as [{ userkey: string }];
    const user = { ...buyer, userkey };
    expect((await myDevices(user)).limit).toBe(2);
    await fetchAs(user, device('b1'));
    await fetchAs(user, device('b2'));
    expect(await fetchAs(user, device('b3'))).toEqual([LIMIT_TEXT]);

    await app.database.query('UPDATE users SET device_num = 5 WHERE id = $1', [buyer.id]);
    expect(servesLines(await fetchAs(user, device('b3')))).toBe(true);
    expect((await myDevices(user)).limit).toBe(5);
  });
});

describe('fetches without a hardware id', () => {
  it('are let through by default, counted as one unknown device, or refused, as the operator chose', async () => {
    const user = await subscriber(1);
    try {
      expect(servesLines(await fetchAs(user, {}))).toBe(true);
      expect((await myDevices(user)).devices).toHaveLength(0);

      await setNoHwid('count');
      expect(servesLines(await fetchAs(user, {}))).toBe(true);
      expect(servesLines(await fetchAs(user, {}))).toBe(true);
      expect((await myDevices(user)).devices.map((d) => d.unknown)).toEqual([true]);
      // The unknown device holds the one place.
      expect(await fetchAs(user, device('real'))).toEqual([LIMIT_TEXT]);

      await setNoHwid('refuse');
      expect(await fetchAs(user, {})).toEqual([NO_HWID_TEXT]);
    } finally {
      await setNoHwid('allow');
    }
  });
});

describe('a shared link', () => {
  it('the user list finds users fetched from many addresses in a day; the operator resets the key there', async () => {
    const shared = await subscriber(0);
    const quiet = await subscriber(0);
    for (let i = 1; i <= 4; i += 1) {
      app.clientDevices.record(shared.id, { ip: `198.51.100.${i}`, userAgent: 'v2rayNG/1.8' }, 'v2box', 'ok');
    }
    app.clientDevices.record(quiet.id, { ip: '203.0.113.1', userAgent: 'v2rayNG/1.8' }, 'v2box', 'ok');
    // Old fetches do not count: four addresses, but over a day ago.
    const stale = await subscriber(0);
    for (let i = 1; i <= 4; i += 1) {
      app.clientDevices.record(stale.id, { ip: `192.0.2.${i}`, userAgent: 'x' }, 'v2box', 'ok');
    }
    await app.clientDevices.flushFetches();
    await app.database.query("UPDATE subscription_fetches SET at = now() - interval '25 hours' WHERE user_id = $1", [
      stale.id,
    ]);

    const list = await admin.post<AdminUser[]>('/api/admin/users/userlist', { number: 1000, sharedFrom: 3 });
    expect(list.code).toBe(0);
    const ids = list.data.map((u) => u._id);
    expect(ids).toContain(shared.id);
    expect(ids).not.toContain(quiet.id);
    expect(ids).not.toContain(stale.id);

    // The old link stops working at once; the key is not the user's to keep (even without canChangeDescribeKey).
    await app.database.query('UPDATE users SET can_change_describe_key = false WHERE id = $1', [shared.id]);
    const reset = await admin.post('/api/admin/users/reset_userkey', { uid: shared.id });
    expect(reset.code, reset.msg).toBe(0);
    const old = await app.inject({ method: 'GET', url: `/api/subscript/clash/${shared.id}/${shared.userkey}` });
    expect(old.statusCode).toBe(404);
    const normal = await signedInUser(app);
    const refused = await call(app, '/api/admin/users/reset_userkey', { uid: quiet.id }, { cookie: normal.cookie });
    expect(refused.result.code).not.toBe(0);
  });
});

describe('the fetch history', () => {
  it('keeps the newest fetches of each user, written in batches', async () => {
    const user = await subscriber(0);
    const extra = 15;
    const rows = Array.from({ length: FETCHES_KEPT_PER_USER + extra }, (_, i) => ({
      userId: user.id,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      ip: '203.0.113.9',
      userAgent: 'Happ/2.7',
      hwid: null,
      kind: 'v2box',
      refused: null,
    }));
    // Recorded as the answers are sent, then written in one go.
    for (const row of rows)
      app.clientDevices.record(row.userId, { ip: row.ip, userAgent: row.userAgent }, row.kind, 'ok');
    await app.clientDevices.flushFetches();
    const [{ n }] = (await app.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM subscription_fetches WHERE user_id = $1',
      [user.id],
    )) as [{ n: string }];
    expect(Number(n)).toBe(FETCHES_KEPT_PER_USER);
  });
});
