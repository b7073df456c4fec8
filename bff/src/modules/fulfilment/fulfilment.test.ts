import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import {
  authTimes,
  coupon,
  deposit,
  expectMoneyInvariants,
  GiB,
  newOrder,
  orderRow,
  product,
  shopApi,
  userTotals,
  walletCents,
} from '../../../test/money.js';
import { newObjectId } from '../../lib/random.js';
import type { PaymentProof } from '../payments/types.js';
import { CONCURRENCY } from '../../../test/concurrency.js';

let app: FastifyInstance;
const logs = new LogCapture();
let pack: string;
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

beforeAll(async () => {
  app = await buildTestApp({ logs });
  pack = await product(app, { name: '100G 流量包', price: 10, traffic: 100 * GiB });
});

afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
});

async function buyer(options: { walletYuan?: number; channelCode?: string } = {}) {
  const user = await signedInUser(app);
  if (options.walletYuan !== undefined) await deposit(app, user.id, options.walletYuan * 100);
  if (options.channelCode !== undefined)
    await app.database.query('UPDATE users SET channel_code = $1 WHERE id = $2', [options.channelCode, user.id]);
  return { ...user, api: shopApi(app, user.cookie) };
}

/** A user's order of `comboId` with an open sandbox trade of its whole price. */
async function openTrade(comboId = pack, user?: Awaited<ReturnType<typeof buyer>>) {
  const who = user ?? (await buyer());
  const order = await newOrder(app, who.cookie, comboId);
  const { code, data } = await who.api.dobuy(order._id, { pay_mode: 'alipay' });
  expect(code).toBe(0);
  return { user: who, order, tradeId: data._id, amountCents: Math.round(data.request_pay_amound * 100) };
}

const proof = (tradeId: string, paidCents: number, extra: Partial<PaymentProof> = {}): PaymentProof => ({
  tradeId,
  paidCents,
  provider: 'sandbox',
  externalId: `EXT${tradeId}`,
  ...extra,
});

const statsToday = async () => {
  const [row] = await app.database.query<{ pay_num: number; income_cents: unknown }>(
    'SELECT pay_num, income_cents FROM payment_stats_daily WHERE day = $1',
    [app.traffic.today()],
  );
  return { payNum: Number(row?.pay_num ?? 0), income: Number(row?.income_cents ?? 0) };
};

describe('settle', () => {
  it('pays the order once: trade and order paid, traffic with its record, paid user, statistics', async () => {
    const { user, order, tradeId, amountCents } = await openTrade();
    const before = await statsToday();
    expect(await app.fulfilment.settle(proof(tradeId, amountCents))).toBe('paid');
    expect(await app.fulfilment.settle(proof(tradeId, amountCents))).toBe('already_paid');
    expect((await orderRow(app, order._id)).status).toBe('paied');
    const [trade] = await app.database.query<{ status: string; external_id: string; paid_at: string | null }>(
      'SELECT status, external_id, paid_at FROM trades WHERE id = $1',
      [tradeId],
    );
    expect(trade).toMatchObject({ status: 'paied', external_id: `EXT${tradeId}` });
    expect(trade!.paid_at).not.toBeNull();
    expect(await userTotals(app, user.id)).toMatchObject({ traffic: 100 * GiB, paidUser: true, dailyLimit: null });
    const records = await app.database.query<{ type: string; desc: string }>(
      'SELECT type, "desc" FROM traffic_records WHERE user_id = $1',
      [user.id],
    );
    expect(records).toEqual([{ type: 'buy', desc: '购买「100G 流量包」' }]);
    expect(await statsToday()).toEqual({ payNum: before.payNum + 1, income: before.income + 1000 });
  });

  it('refuses unknown trades, another provider and a wrong amount, changing nothing', async () => {
    const { order, tradeId, amountCents } = await openTrade();
    expect(await app.fulfilment.settle(proof(newObjectId(), amountCents))).toBe('unknown_trade');
    expect(await app.fulfilment.settle(proof(tradeId, amountCents, { provider: 'yi' }))).toBe('provider_mismatch');
    expect(await app.fulfilment.settle(proof(tradeId, amountCents - 1))).toBe('amount_mismatch');
    expect(await app.fulfilment.settle(proof(tradeId, amountCents + 1))).toBe('amount_mismatch');
    expect((await orderRow(app, order._id)).status).toBe('topay');
    expect(logs.lines.some((l) => l.msg === 'payment proof refused' && l.outcome === 'amount_mismatch')).toBe(true);
  });

  it('checks USDT payments by the exact thousandths asked for', async () => {
    await app.settings.set({ usdtpay: TRON, exchange_rate: 7.2 });
    try {
      const user = await buyer();
      const order = await newOrder(app, user.cookie, pack);
      const { data } = await user.api.dobuy(order._id, { pay_mode: 'usdt' });
      expect(data).toMatchObject({ third_pay_platform: 'usdt', usdtAdress: TRON });
      const milli = Math.round(data.request_pay_amound_usdt! * 1000);
      const usdt = (usdtAmountMilli: number) => proof(data._id, 1000, { provider: 'usdt', usdtAmountMilli });
      expect(await app.fulfilment.settle(usdt(milli + 1))).toBe('amount_mismatch');
      expect(await app.fulfilment.settle(usdt(milli))).toBe('paid');
    } finally {
      await app.settings.set({ usdtpay: '' });
    }
  });

  it('a proof for a trade a newer dobuy cancelled still pays the open order; the second payment goes to the wallet', async () => {
    const { user, order, tradeId: older, amountCents } = await openTrade();
    const newer = (await user.api.dobuy(order._id, { pay_mode: 'wxpay' })).data._id;
    expect(await app.fulfilment.settle(proof(older, amountCents))).toBe('paid');
    expect((await user.api.tradeStatus(newer)).data.status).toBe('paied');
    expect(await app.fulfilment.settle(proof(newer, amountCents))).toBe('credited_to_wallet');
    expect(await walletCents(app, user.id)).toBe(1000);
    expect((await userTotals(app, user.id)).traffic).toBe(100 * GiB);
  });

  it('money arriving after the order was cancelled goes to the wallet with a clear record, once', async () => {
    const cash = await coupon(app, { type: 'cash', forMoneyCents: 200 });
    const user = await buyer({ walletYuan: 3 });
    const order = await newOrder(app, user.cookie, pack);
    await user.api.useCoupon(order._id, cash.code);
    await user.api.walletCheck(order._id);
    const trade = await user.api.dobuy(order._id);
    expect(trade.data.request_pay_amound).toBe(5);
    await user.api.cancel(order._id);
    expect(await walletCents(app, user.id)).toBe(300);
    const before = await statsToday();
    expect(await app.fulfilment.settle(proof(trade.data._id, 500))).toBe('credited_to_wallet');
    expect(await app.fulfilment.settle(proof(trade.data._id, 500))).toBe('already_paid');
    // The checkout's poll stops without announcing a purchase.
    expect((await user.api.tradeStatus(trade.data._id)).data.status).toBe('cancled');
    expect(await walletCents(app, user.id)).toBe(800);
    expect((await user.api.spendList()).data[0]).toMatchObject({
      spendMoney: 5,
      desc: '订单「100G 流量包」已关闭，支付的 5 元已存入购物余额',
      left: 8,
    });
    expect(await orderRow(app, order._id)).toMatchObject({ status: 'cancled', walletSpend: 0, couponId: null });
    expect(await userTotals(app, user.id)).toMatchObject({ traffic: 0, paidUser: false });
    expect(await authTimes(app, cash.id)).toBe(0);
    expect(await statsToday()).toEqual({ payNum: before.payNum, income: before.income + 500 });
  });

  it('a stale trade that no longer covers the order (coupon cancelled since) is credited, the order stays open', async () => {
    const cash = await coupon(app, { type: 'cash', forMoneyCents: 400 });
    const user = await buyer();
    const order = await newOrder(app, user.cookie, pack);
    await user.api.useCoupon(order._id, cash.code);
    const trade = await user.api.dobuy(order._id);
    await user.api.cancelCoupon(order._id);
    expect(await app.fulfilment.settle(proof(trade.data._id, 600))).toBe('credited_to_wallet');
    expect(await orderRow(app, order._id)).toMatchObject({ status: 'topay' });
    expect(await walletCents(app, user.id)).toBe(600);
  });

  it('a trade that asked more than is now payable (wallet deducted since) does not pay the order at the new price: its money is credited', async () => {
    const user = await buyer({ walletYuan: 4 });
    const order = await newOrder(app, user.cookie, pack);
    const trade = await user.api.dobuy(order._id);
    await user.api.walletCheck(order._id);
    expect(await walletCents(app, user.id)).toBe(0);
    expect(await app.fulfilment.settle(proof(trade.data._id, 1000))).toBe('credited_to_wallet');
    expect(await walletCents(app, user.id)).toBe(1000);
    expect(await orderRow(app, order._id)).toMatchObject({ status: 'wallet_spend', walletSpend: 400 });
    expect((await userTotals(app, user.id)).traffic).toBe(0);
  });
});

describe('what a purchase grants', () => {
  it('time packages extend VIP from the later of now and the current expiry and set the daily limit', async () => {
    const month = await product(app, { name: '月包', price: 30, traffic: 0, vipDuration: 30, limit: 100 });
    const user = await buyer();
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    await app.database.query('UPDATE users SET vip_expire_time = $1 WHERE id = $2', [inTenDays.toISOString(), user.id]);
    const { tradeId } = await openTrade(month, user);
    expect(await app.fulfilment.settle(proof(tradeId, 3000))).toBe('paid');
    const totals = await userTotals(app, user.id);
    expect(totals.dailyLimit).toBe(100 * GiB);
    expect(Math.abs(totals.vipExpireTime!.getTime() - (inTenDays.getTime() + 30 * 86_400_000))).toBeLessThan(5000);
    const [record] = await app.database.query<{ desc: string }>(
      'SELECT "desc" FROM traffic_records WHERE user_id = $1',
      [user.id],
    );
    expect(record!.desc).toBe('购买「月包」，会员时长 +30 天');
  });

  it('grants named permissions for their days, extending an unexpired one, counts purchases, skips unknown names with a warning', async () => {
    const permissionId = newObjectId();
    await app.database.query("INSERT INTO permissions (id, name, \"desc\") VALUES ($1, 'line_exclusive_1', '专线')", [
      permissionId,
    ]);
    const exclusive = await product(app, {
      name: '专线包',
      price: 20,
      permissionsGain: ['line_exclusive_1', 'no_such_permission'],
      permissionDuration: 30,
    });
    const user = await buyer();
    const expiry = async () =>
      new Date(
        (
          await app.database.query<{ e: string }>(
            'SELECT expire_time AS e FROM user_permissions WHERE user_id = $1 AND permission_id = $2',
            [user.id, permissionId],
          )
        )[0]!.e,
      ).getTime();
    for (let round = 1; round <= 2; round += 1) {
      const { tradeId } = await openTrade(exclusive, user);
      expect(await app.fulfilment.settle(proof(tradeId, 2000))).toBe('paid');
      expect(Math.abs((await expiry()) - (Date.now() + round * 30 * 86_400_000))).toBeLessThan(5000);
    }
    const [permission] = await app.database.query<{ use_times: number }>(
      'SELECT use_times FROM permissions WHERE id = $1',
      [permissionId],
    );
    expect(permission!.use_times).toBe(2);
    expect(logs.lines.some((l) => l.permission === 'no_such_permission' && l.level === 40)).toBe(true);
  });
});

describe('invite rebates', () => {
  async function inviter(code: string, channel: { rewardRate?: number; consumerDurationDays?: number } = {}) {
    const user = await buyer();
    expect(await app.fulfilment.ensureChannel({ code, userId: user.id, ...channel })).toBe(true);
    return user;
  }

  it("credits the inviter floor(paid × rate) on what was actually paid, with the reward record and the trade's channel", async () => {
    const host = await inviter('INV1', { rewardRate: 0.15 });
    const user = await buyer({ channelCode: 'INV1', walletYuan: 2 });
    const cash = await coupon(app, { type: 'cash', forMoneyCents: 133 });
    const order = await newOrder(app, user.cookie, pack);
    await user.api.useCoupon(order._id, cash.code);
    await user.api.walletCheck(order._id);
    const trade = await user.api.dobuy(order._id);
    expect(await app.fulfilment.settle(proof(trade.data._id, 667))).toBe('paid');
    // Paid 10 - 1.33 = 8.67 yuan (wallet included): 867 × 0.15 = 130.05 → 130 cents.
    expect(await walletCents(app, host.id)).toBe(130);
    expect((await shopApi(app, host.cookie).spendList()).data).toEqual([
      expect.objectContaining({ spendMoney: 1.3, desc: '邀请返利：100G 流量包', left: 1.3 }),
    ]);
    const [reward] = await app.database.query<Record<string, unknown>>(
      'SELECT * FROM channel_rewards WHERE order_id = $1',
      [order._id],
    );
    expect(reward).toMatchObject({ inviter_id: host.id, consumer_id: user.id, desc: '100G 流量包' });
    expect([Number(reward!.user_spend_cents), Number(reward!.reward_cents)]).toEqual([867, 130]);
    const [row] = await app.database.query<{ from_channel: string; reward_cents: unknown }>(
      'SELECT from_channel, reward_cents FROM trades WHERE id = $1',
      [trade.data._id],
    );
    expect([row!.from_channel, Number(row!.reward_cents)]).toEqual(['INV1', 130]);
  });

  it('uses the settings when the channel has no rate or duration of its own, and pays nothing when closed, self-invited or too late', async () => {
    const host = await inviter('INV2');
    const pay = async (user: Awaited<ReturnType<typeof buyer>>) => {
      const { tradeId } = await openTrade(pack, user);
      expect(await app.fulfilment.settle(proof(tradeId, 1000))).toBe('paid');
    };
    await pay(await buyer({ channelCode: 'INV2' }));
    expect(await walletCents(app, host.id)).toBe(100);

    await app.settings.set({ openChannel: false });
    await pay(await buyer({ channelCode: 'INV2' }));
    await app.settings.set({ openChannel: true });
    expect(await walletCents(app, host.id)).toBe(100);

    const late = await buyer({ channelCode: 'INV2' });
    await app.database.query("UPDATE users SET created_at = now() - interval '366 days' WHERE id = $1", [late.id]);
    await pay(late);
    expect(await walletCents(app, host.id)).toBe(100);

    await app.database.query("UPDATE users SET channel_code = 'INV2' WHERE id = $1", [host.id]);
    await pay(host);
    expect(await walletCents(app, host.id)).toBe(100);
    expect(await app.database.query('SELECT id FROM channel_rewards WHERE inviter_id = $1', [host.id])).toHaveLength(1);
  });
});

describe(`twenty identical proofs at once ${CONCURRENCY}`, () => {
  it('one paid transition, one credit of traffic, time and rebate', async () => {
    const host = await inviter20();
    const both = await product(app, { name: '双享包', price: 25, traffic: 10 * GiB, vipDuration: 7 });
    const user = await buyer({ channelCode: 'INV20' });
    const { tradeId } = await openTrade(both, user);
    const before = await statsToday();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => app.fulfilment.settle(proof(tradeId, 2500))));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_paid')).toHaveLength(19);
    const totals = await userTotals(app, user.id);
    expect(totals.traffic).toBe(10 * GiB);
    expect(totals.vipExpireTime!.getTime() - Date.now()).toBeLessThan(7 * 86_400_000 + 5000);
    expect(
      await app.database.query("SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'buy'", [user.id]),
    ).toHaveLength(1);
    expect(await walletCents(app, host.id)).toBe(250);
    expect(await statsToday()).toEqual({ payNum: before.payNum + 1, income: before.income + 2500 });
  });

  async function inviter20() {
    const user = await buyer();
    await app.fulfilment.ensureChannel({ code: 'INV20', userId: user.id });
    return user;
  }
});
