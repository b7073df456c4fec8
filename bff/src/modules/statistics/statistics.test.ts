import { Codes, GiB, type BasicStatistics, type DailyStatistics, type PaymentResult } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { deposit, expectMoneyInvariants, newOrder, product, shopApi } from '../../../test/money.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import { createBalanceUser, createNode, type TestNode } from '../node-api/testing/fixtures.js';

const TIME_ZONE = 'Asia/Shanghai';
const STATS = '/api/admin/users/basic_stastic';

let app: FastifyInstance;
let admin: Admin;
let node: TestNode;

beforeAll(async () => {
  ({ app, admin } = await startAdminApp());
  await app.settings.set({ alipay: 'sandbox', wxpay: 'sandbox' });
  node = await createNode(app);
});
afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
});

const today = () => serviceDay(new Date(), TIME_ZONE);

async function statistics(num?: number): Promise<BasicStatistics> {
  const answer = await admin.post<BasicStatistics>(STATS, num === undefined ? {} : { num });
  expect(answer.code, answer.msg).toBe(Codes.OK);
  return answer.data;
}
const todayRow = async () => (await statistics(1)).stastic_list[0]!;

/** Pays an order through the sandbox gateway's signed notify, as an approval on its pay page does. */
async function paidThroughGateway(comboId: string, amount: string) {
  const buyer = await signedInUser(app);
  const order = await newOrder(app, buyer.cookie, comboId);
  const started = await shopApi(app, buyer.cookie).dobuy(order._id, { pay_mode: 'alipay' });
  expect(started.code).toBe(Codes.OK);
  const tradeId = (started.data as PaymentResult)._id;
  const fields = await app.payments.sandboxNotify({
    out_trade_no: tradeId,
    type: 'alipay',
    name: order.desc,
    money: amount,
  });
  const notify = await app.inject({
    method: 'POST',
    url: '/api/pay/notify/epay/sandbox',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(notify.body).toBe('success');
  return buyer;
}

/** The day's figures recomputed in the test from the raw rows (not from the call's SQL). */
async function recomputed(day: string) {
  const dayOf = (instant: Date | string) => serviceDay(new Date(instant), TIME_ZONE);
  const orders = await app.database.query<{ paid_at: Date | null }>(
    "SELECT paid_at FROM orders WHERE status = 'paied'",
  );
  const trades = await app.database.query<{ paid_at: Date | null; amount_cents: string; pay_mode: string }>(
    "SELECT paid_at, amount_cents, pay_mode FROM trades WHERE status = 'paied'",
  );
  const signIns = await app.database.query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM sign_ins");
  const spends = await app.database.query<{ traffic_change: string; exemption_traffic: string }>(
    "SELECT traffic_change, exemption_traffic FROM traffic_records WHERE type = 'spend' AND to_char(day, 'YYYY-MM-DD') = $1",
    [day],
  );
  const fromVolume = spends.map((s) => Math.max(-Number(s.traffic_change) - Number(s.exemption_traffic), 0));
  const fromDaily = spends.map((s) => Number(s.exemption_traffic));
  return {
    payNum: orders.filter((o) => o.paid_at && dayOf(o.paid_at) === day).length,
    incomeCents: trades
      .filter((t) => t.paid_at && t.pay_mode !== 'wallet' && dayOf(t.paid_at) === day)
      .reduce((sum, t) => sum + Number(t.amount_cents), 0),
    signUseNum: signIns.filter((s) => s.day === day).length,
    normalUserNum: fromVolume.filter((b) => b > 0).length,
    normalTraffic: fromVolume.reduce((a, b) => a + b, 0),
    dayUserNum: fromDaily.filter((b) => b > 0).length,
    dayTrafficUse: fromDaily.reduce((a, b) => a + b, 0),
  };
}

describe('basic_stastic', () => {
  it('answers the last 7 service days by default, newest first, today included, zeros on empty days', async () => {
    const { stastic_list } = await statistics();
    expect(stastic_list.map((row) => row.day)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => addDays(today(), -n)));
    expect(stastic_list.every((row) => row._id === row.day)).toBe(true);
    expect((await statistics(30)).stastic_list).toHaveLength(30);
  });

  it("counts the day's payments, income, sign-ins and node use from the records, equal to sums recomputed from the raw rows", async () => {
    const before = await todayRow();

    // Two purchases paid through the gateway (12.50 and 30.00 yuan), one paid by the wallet, one left unpaid.
    const cheap = await product(app, { name: '统计小包', price: 12.5, traffic: 10 * GiB, vipDuration: 1 });
    const dear = await product(app, { name: '统计大包', price: 30, traffic: 50 * GiB });
    const first = await paidThroughGateway(cheap, '12.50');
    await paidThroughGateway(dear, '30.00');
    const walletBuyer = await signedInUser(app);
    await deposit(app, walletBuyer.id, 3000);
    const walletOrder = await newOrder(app, walletBuyer.cookie, dear);
    const walletApi = shopApi(app, walletBuyer.cookie);
    expect((await walletApi.walletCheck(walletOrder._id)).code).toBe(Codes.OK);
    expect((await walletApi.dobuy(walletOrder._id)).data).toMatchObject({
      status: 'paied',
      third_pay_platform: 'wallet',
    });
    await newOrder(app, (await signedInUser(app)).cookie, dear);

    // The first buyer is a paying user now: a daily sign-in.
    expect((await call(app, '/api/user/sign_use', {}, { cookie: first.cookie })).result.code).toBe(Codes.OK);

    // Node use: one user on volume traffic, one on a time package's allowance (part beyond it from volume).
    const volume = await createBalanceUser(app, { traffic: 10 * GiB });
    const timePackage = await createBalanceUser(app, { traffic: 10 * GiB, vipDays: 3, dailyLimit: 1000 });
    await app.usage.recordReport({
      agentId: node.agentId,
      reportId: `stats-${Date.now()}`,
      lineScale: 1,
      usages: [
        { userId: volume.id, upload: 0, download: 5000 },
        { userId: timePackage.id, upload: 0, download: 3000 },
      ],
    });

    const after = await todayRow();
    expect(after.payNum - before.payNum).toBe(3);
    expect(Math.round((after.income - before.income) * 100)).toBe(4250);
    expect(after.signUseNum - before.signUseNum).toBe(1);
    expect(after.normalUserNum - before.normalUserNum).toBe(2);
    expect(after.normalTraffic - before.normalTraffic).toBe(5000 + 2000);
    expect(after.dayUserNum - before.dayUserNum).toBe(1);
    expect(after.dayTrafficUse - before.dayTrafficUse).toBe(1000);
    expect(after.dayAvg).toBe(Math.round(after.dayTrafficUse / after.dayUserNum));
    expect(after.normalAvg).toBe(Math.round(after.normalTraffic / after.normalUserNum));

    const raw = await recomputed(today());
    const { incomeCents, ...counts } = raw;
    expect(after).toMatchObject({ ...counts, income: incomeCents / 100 } satisfies Partial<DailyStatistics>);
  });

  it('totals: volume traffic left (never below zero per user) and users whose time package runs', async () => {
    await createBalanceUser(app, { traffic: 5 * GiB, spendTraffic: GiB });
    await createBalanceUser(app, { traffic: GiB, spendTraffic: 2 * GiB });
    await createBalanceUser(app, { vipDays: 2 });
    await createBalanceUser(app, { vipDays: -1 });
    const users = await app.database.query<{ traffic: string; spend_traffic: string; vip_expire_time: Date | null }>(
      'SELECT traffic, spend_traffic, vip_expire_time FROM users',
    );
    const { totalRemainingTraffic, activeVipCount } = await statistics(1);
    expect(totalRemainingTraffic).toBe(
      users.reduce((sum, u) => sum + Math.max(Number(u.traffic) - Number(u.spend_traffic), 0), 0),
    );
    expect(activeVipCount).toBe(
      users.filter((u) => u.vip_expire_time && new Date(u.vip_expire_time) > new Date()).length,
    );
    expect(activeVipCount).toBeGreaterThan(0);
  });

  it('refuses a day count outside 1..3650', async () => {
    for (const num of [0, -1, 3651, 1.5, '7']) {
      expect((await admin.post(STATS, { num })).code).toBe(Codes.INVALID_PAYLOAD);
    }
  });

  it('is for admins only: operations, normal users and visitors are refused', async () => {
    for (const type of ['yunying', 'normal', 'channel'] as const) {
      const { cookie } = await signedInUser(app, { type });
      expect((await call(app, STATS, {}, { cookie })).result.code, type).toBe(Codes.FORBIDDEN);
    }
    expect((await call(app, STATS, {})).result.code).toBe(Codes.SESSION_EXPIRED);
  });
});
