import { Codes, shopMessages, type Order } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import {
  authTimes,
  coupon,
  deposit,
  expectMoneyInvariants,
  GiB,
  ledgerSum,
  liveUses,
  newOrder,
  orderRow,
  product,
  shopApi,
  userTotals,
  walletCents,
} from '../../../test/money.js';
import { walletTarget } from './service.js';

let app: FastifyInstance;
let volume: string;
let timed: string;

beforeAll(async () => {
  app = await buildTestApp();
  volume = await product(app, { name: '100G 流量包', price: 10, traffic: 100 * GiB, additionPersend: 15 });
  timed = await product(app, {
    name: '月度时长包',
    price: 30,
    traffic: 0,
    vipDuration: 30,
    limit: 80,
    additionPersend: 10,
  });
});

afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
});

async function buyer(walletYuan = 0) {
  const user = await signedInUser(app);
  if (walletYuan > 0) await deposit(app, user.id, walletYuan * 100);
  return { ...user, api: shopApi(app, user.cookie) };
}

describe('create_order', () => {
  it('copies what the product buys, with its bonus rounded down, and expires after order_expire_minutes', async () => {
    const user = await buyer();
    const before = Date.now();
    const order = await newOrder(app, user.cookie, volume);
    expect(order).toMatchObject({
      desc: '100G 流量包',
      order_money: 10,
      coupon_discount: 0,
      coupon_code: '',
      coupon_name: '',
      couponType: '',
      wallet_spend: 0,
      pay_money: 10,
      status: 'topay',
      add_traffic: (100 * GiB * 115) / 100,
      add_vip_duration: 0,
      gainPermission: [],
      user_feedback: '',
    });
    const timedOrder = await newOrder(app, user.cookie, timed);
    expect(timedOrder).toMatchObject({ add_traffic: 0, add_vip_duration: 33 });
    const [row] = await app.database.query<{ expires_at: string; created_at: string; daily_limit_gb: number }>(
      'SELECT expires_at, created_at, daily_limit_gb FROM orders WHERE id = $1',
      [timedOrder._id],
    );
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(60 * 60_000);
    expect(new Date(row!.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.daily_limit_gb).toBe(80);
  });

  it('rounds the bonus of odd amounts down', async () => {
    const odd = await product(app, { name: '奇数包', price: 1, traffic: 7, vipDuration: 7, additionPersend: 15 });
    const user = await buyer();
    expect(await newOrder(app, user.cookie, odd)).toMatchObject({ add_traffic: 8, add_vip_duration: 8 });
  });

  it('refuses visitors (1002) and agency users (1106)', async () => {
    expect((await call(app, '/api/shop/create_order', { combo_id: volume })).status).toBe(401);
    const agency = await buyer();
    await app.database.query('UPDATE users SET is_agency = true WHERE id = $1', [agency.id]);
    expect((await agency.api.createOrder(volume)).code).toBe(Codes.COMBO_UNAVAILABLE);
    expect(await app.database.query('SELECT id FROM orders WHERE user_id = $1', [agency.id])).toEqual([]);
  });
});

describe('coupons on orders', () => {
  it('a cash coupon takes its value off, capped at the price; cancelling gives the use back', async () => {
    const user = await buyer();
    const cash = await coupon(app, { name: '五元券', type: 'cash', forMoneyCents: 500 });
    const order = await newOrder(app, user.cookie, volume);
    const applied = await user.api.useCoupon(order._id, `  ${cash.code} `);
    expect(applied).toMatchObject({
      code: 0,
      data: {
        coupon_discount: 5,
        coupon_code: cash.code,
        coupon_name: '五元券',
        couponType: 'cash',
        pay_money: 5,
        status: 'topay',
      },
    });
    expect(await authTimes(app, cash.id)).toBe(1);
    const [use] = await app.database.query<{ order_id: string; add_money_cents: unknown }>(
      'SELECT order_id, add_money_cents FROM coupon_uses WHERE coupon_id = $1',
      [cash.id],
    );
    expect({ ...use, add_money_cents: Number(use!.add_money_cents) }).toEqual({
      order_id: order._id,
      add_money_cents: 500,
    });

    const cancelled = await user.api.cancelCoupon(order._id);
    expect(cancelled.data).toMatchObject({ coupon_discount: 0, coupon_code: '', couponType: '', pay_money: 10 });
    expect(await authTimes(app, cash.id)).toBe(0);
    expect(await liveUses(app, cash.id)).toBe(0);
    // Cancelling again is harmless and releases nothing more.
    expect((await user.api.cancelCoupon(order._id)).code).toBe(0);
    expect(await authTimes(app, cash.id)).toBe(0);

    const big = await coupon(app, { type: 'cash', forMoneyCents: 5000 });
    expect((await user.api.useCoupon(order._id, big.code)).data).toMatchObject({ coupon_discount: 10, pay_money: 0 });
  });

  it('a discount coupon takes floor(price × (1 - discount)) off', async () => {
    const user = await buyer();
    const price999 = await product(app, { name: '九块九', price: 9.99 });
    const nine = await coupon(app, { type: 'discount', discount: 0.9 });
    const order = await newOrder(app, user.cookie, price999);
    // 999 × 0.1 = 99.9 → 99 cents off (and never the 99.99999… of floating point).
    expect((await user.api.useCoupon(order._id, nine.code)).data).toMatchObject({
      coupon_discount: 0.99,
      pay_money: 9,
      couponType: 'discount',
    });
    const eighty = await coupon(app, { type: 'discount', discount: 0.8 });
    const second = await newOrder(app, user.cookie, volume);
    expect((await user.api.useCoupon(second._id, eighty.code)).data).toMatchObject({
      coupon_discount: 2,
      pay_money: 8,
    });
  });

  it('refuses with the spec codes and changes nothing', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, volume);
    const trial = await coupon(app, { type: 'freeUse', traffic: GiB });
    const expired = await coupon(app, { type: 'cash', expireTime: new Date(Date.now() - 1000) });
    const gone = await coupon(app, { type: 'cash', numberOfAuthorizations: 0 });
    const once = await coupon(app, { type: 'cash', useNumPerUser: 1 });
    const other = await coupon(app, { type: 'cash' });

    expect(await user.api.useCoupon(order._id, 'NO-SUCH-CODE')).toMatchObject({
      code: Codes.COUPON_NOT_FOUND,
      msg: '优惠券错误',
    });
    expect(await user.api.useCoupon(order._id, trial.code)).toMatchObject({
      code: Codes.COUPON_TRIAL_ON_ORDER,
      msg: '体验券不能用于订单，请通过“兑换体验券”按钮兑换',
    });
    expect(await user.api.useCoupon(order._id, expired.code)).toMatchObject({
      code: Codes.COUPON_EXPIRED,
      msg: '优惠券已过期',
    });
    expect(await user.api.useCoupon(order._id, gone.code)).toMatchObject({
      code: Codes.COUPON_USED,
      msg: '优惠券使用次数已达上限（取消未完成的订单可释放）',
    });
    expect((await user.api.useCoupon(order._id, once.code)).code).toBe(0);
    expect(await user.api.useCoupon(order._id, other.code)).toMatchObject({
      code: Codes.ORDER_HAS_COUPON,
      msg: '订单已使用优惠券，请先取消',
    });
    // Per-user limit: the use held by the first (unpaid) order counts until it is released.
    const second = await newOrder(app, user.cookie, volume);
    expect((await user.api.useCoupon(second._id, once.code)).code).toBe(Codes.COUPON_USED);
    await user.api.cancel(order._id);
    expect((await user.api.useCoupon(second._id, once.code)).code).toBe(0);
    for (const c of [trial, expired, gone, other]) expect(await authTimes(app, c.id)).toBe(0);
    expect(await authTimes(app, once.id)).toBe(1);
  });

  it('too many failed codes per user: 1021 before the code is even looked at', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, volume);
    const good = await coupon(app, { type: 'cash' });
    for (let i = 0; i < 10; i += 1)
      expect((await user.api.useCoupon(order._id, `WRONG${i}`)).code).toBe(Codes.COUPON_NOT_FOUND);
    const blocked = await call(
      app,
      '/api/coupon/orderUseCoupon',
      { order_id: order._id, code: good.code },
      { cookie: user.cookie },
    );
    expect(blocked.result).toMatchObject({ code: Codes.TOO_MANY_ATTEMPTS, msg: '尝试次数过多，请稍后再试' });
    expect(Number(blocked.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await authTimes(app, good.id)).toBe(0);
    // Another user is not affected.
    const other = await buyer();
    const theirs = await newOrder(app, other.cookie, volume);
    expect((await other.api.useCoupon(theirs._id, good.code)).code).toBe(0);
  });
});

describe('wallet_check', () => {
  it('applies the wallet rule', () => {
    expect(walletTarget(1000, 5000)).toBe(1000);
    expect(walletTarget(1000, 0)).toBe(0);
    expect(walletTarget(1000, 400)).toBe(400);
    expect(walletTarget(1000, 950)).toBe(850);
    expect(walletTarget(1000, 901)).toBe(801);
    expect(walletTarget(1000, 900)).toBe(900);
    expect(walletTarget(80, 50)).toBe(0);
    expect(walletTarget(0, 50)).toBe(0);
  });

  it('deducts what the rule says, once however often it is called, and moves it when the balance changed', async () => {
    const user = await buyer(100);
    const order = await newOrder(app, user.cookie, timed);
    const first = await user.api.walletCheck(order._id);
    expect(first.data).toMatchObject({ wallet_spend: 30, pay_money: 0, status: 'wallet_spend' });
    expect((await user.api.walletCheck(order._id)).data).toMatchObject({ wallet_spend: 30 });
    expect(await walletCents(app, user.id)).toBe(7000);
    expect((await user.api.spendList()).data[0]).toMatchObject({
      spendMoney: -30,
      desc: '购买「月度时长包」钱包抵扣',
      left: 70,
    });

    // A coupon gives the deduction back first; wallet_check then deducts only what is left.
    const cash = await coupon(app, { type: 'cash', forMoneyCents: 1000 });
    expect((await user.api.useCoupon(order._id, cash.code)).data).toMatchObject({
      wallet_spend: 0,
      status: 'topay',
      pay_money: 20,
    });
    expect(await walletCents(app, user.id)).toBe(10_000);
    expect((await user.api.walletCheck(order._id)).data).toMatchObject({ wallet_spend: 20, pay_money: 0 });
    expect((await user.api.cancelCoupon(order._id)).data).toMatchObject({ wallet_spend: 0, pay_money: 30 });
    expect(await walletCents(app, user.id)).toBe(10_000);
    expect(await ledgerSum(app, user.id)).toBe(10_000);
  });

  it('leaves at least one yuan to pay, and nothing when the wallet is empty', async () => {
    const user = await buyer(9.5);
    const order = await newOrder(app, user.cookie, volume);
    expect((await user.api.walletCheck(order._id)).data).toMatchObject({
      wallet_spend: 8.5,
      pay_money: 1.5,
      status: 'wallet_spend',
    });
    const poor = await buyer();
    const theirs = await newOrder(app, poor.cookie, volume);
    expect((await poor.api.walletCheck(theirs._id)).data).toMatchObject({
      wallet_spend: 0,
      pay_money: 10,
      status: 'topay',
    });
    expect(await app.database.query('SELECT id FROM wallet_ledger WHERE user_id = $1', [poor.id])).toEqual([]);
  });
});

describe('dobuy and trade_status', () => {
  it('pays at once when the wallet covers everything (provider wallet): traffic, days, limit, paid user', async () => {
    const user = await buyer(50);
    const order = await newOrder(app, user.cookie, timed);
    await user.api.walletCheck(order._id);
    const { code, data } = await user.api.dobuy(order._id, { pay_mode: 'wxpay' });
    expect(code).toBe(0);
    expect(data).toMatchObject({
      status: 'paied',
      add_traffic: 0,
      add_vip_duration: 33,
      third_pay_platform: 'wallet',
      request_pay_amound: 0,
    });
    expect((await user.api.tradeStatus(data._id)).data).toEqual({
      status: 'paied',
      add_traffic: 0,
      add_vip_duration: 33,
    });
    const totals = await userTotals(app, user.id);
    expect(totals).toMatchObject({ paidUser: true, dailyLimit: 80 * GiB, wallet: 2000 });
    expect(totals.vipExpireTime!.getTime() - Date.now()).toBeGreaterThan(32.9 * 86_400_000);
    const [trade] = await app.database.query<{
      provider: string;
      pay_mode: string;
      amount_cents: unknown;
      status: string;
    }>('SELECT provider, pay_mode, amount_cents, status FROM trades WHERE id = $1', [data._id]);
    expect({ ...trade, amount_cents: Number(trade!.amount_cents) }).toEqual({
      provider: 'wallet',
      pay_mode: 'wallet',
      amount_cents: 0,
      status: 'paied',
    });
    const [listed] = (await user.api.orders()).data;
    expect(listed).toMatchObject({ _id: order._id, status: 'paied', wallet_spend: 30, pay_money: 0 });
    // Paid: nothing more can be done with it.
    expect((await user.api.dobuy(order._id)).code).toBe(Codes.ORDER_NOT_OPEN);
    expect((await user.api.walletCheck(order._id)).code).toBe(Codes.ORDER_NOT_OPEN);
    expect((await user.api.cancel(order._id)).code).toBe(Codes.ORDER_NOT_CANCELLABLE);
  });

  it('opens a trade with the sandbox, cancels the older one, and the sandbox approval pays the order', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, volume);
    const first = await user.api.dobuy(order._id, { pay_mode: 'alipay', return_url: 'http://localhost:80/#/order' });
    expect(first.code).toBe(0);
    const second = await user.api.dobuy(order._id, {
      pay_mode: 'wxpay',
      isMobile: true,
      return_url: 'https://evil.example/steal',
    });
    expect(second.data).toMatchObject({
      status: 'topay',
      third_pay_platform: 'sandbox',
      request_pay_amound: 10,
      add_traffic: (100 * GiB * 115) / 100,
    });
    expect(second.data.payurl).toContain('/api/pay/sandbox/submit.php?');
    expect(second.data.expire_time).toBeDefined();
    // A foreign return_url is ignored: the sandbox would send the payer back to our order page.
    expect(decodeURIComponent(second.data.payurl!)).not.toContain('evil.example');
    expect((await user.api.tradeStatus(first.data._id)).data.status).toBe('cancled');
    expect((await user.api.tradeStatus(second.data._id)).data).toEqual({
      status: 'topay',
      add_traffic: (100 * GiB * 115) / 100,
      add_vip_duration: 0,
    });
    const [trade] = await app.database.query<{ device: string; platform: string; provider: string }>(
      'SELECT device, platform, provider FROM trades WHERE id = $1',
      [second.data._id],
    );
    expect(trade).toEqual({ device: 'mobile', platform: '', provider: 'sandbox' });

    const submit = new URL(second.data.payurl!);
    const decide = await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...Object.fromEntries(submit.searchParams), decision: 'approve' }).toString(),
    });
    expect(decide.statusCode).toBe(200);
    expect((await user.api.tradeStatus(second.data._id)).data.status).toBe('paied');
    // The cancelled older trade reports the order as paid too: the poll stops either way.
    expect((await user.api.tradeStatus(first.data._id)).data.status).toBe('paied');
    expect((await userTotals(app, user.id)).traffic).toBe((100 * GiB * 115) / 100);
  });

  it('records the platform the dashboard cookie names, else the User-Agent', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, volume);
    const viaCookie = await call<{ _id: string }>(
      app,
      '/api/shop/dobuy',
      { order_id: order._id, pay_mode: 'alipay' },
      { cookie: `${user.cookie}; platform=macos` },
    );
    const viaAgent = await call<{ _id: string }>(
      app,
      '/api/shop/dobuy',
      { order_id: order._id, pay_mode: 'alipay' },
      {
        cookie: user.cookie,
        headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' },
      },
    );
    const platforms = await app.database.query<{ id: string; platform: string; device: string }>(
      'SELECT id, platform, device FROM trades WHERE order_id = $1',
      [order._id],
    );
    expect(Object.fromEntries(platforms.map((t) => [t.id, [t.platform, t.device]]))).toEqual({
      [viaCookie.result.data._id]: ['macos', 'pc'],
      [viaAgent.result.data._id]: ['android', 'pc'],
    });
  });

  it('a switched-off pay method is 1108 and leaves no trade behind', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, volume);
    await app.settings.set({ wxpay: 'off' });
    try {
      expect(await user.api.dobuy(order._id, { pay_mode: 'wxpay' })).toMatchObject({
        code: Codes.PAY_MODE_UNAVAILABLE,
      });
      expect((await user.api.dobuy(order._id, { pay_mode: 'usdt' })).code).toBe(Codes.PAY_MODE_UNAVAILABLE);
    } finally {
      await app.settings.set({ wxpay: 'sandbox' });
    }
    expect(await app.database.query('SELECT id FROM trades WHERE order_id = $1', [order._id])).toEqual([]);
  });
});

describe('order list, cancel and feedback', () => {
  it('lists the own orders newest first', async () => {
    const user = await buyer();
    const a = await newOrder(app, user.cookie, volume);
    const b = await newOrder(app, user.cookie, timed);
    const other = await buyer();
    await newOrder(app, other.cookie, volume);
    expect((await user.api.orders()).data.map((o: Order) => o._id)).toEqual([b._id, a._id]);
  });

  it('cancel releases the coupon and returns the wallet, cancels open trades; a second cancel is 1026', async () => {
    const user = await buyer(5);
    const cash = await coupon(app, { type: 'cash', forMoneyCents: 300 });
    const order = await newOrder(app, user.cookie, volume);
    await user.api.useCoupon(order._id, cash.code);
    await user.api.walletCheck(order._id);
    expect(await walletCents(app, user.id)).toBe(0);
    const trade = await user.api.dobuy(order._id);
    const cancelled = await user.api.cancel(order._id);
    expect(cancelled.data).toMatchObject({ status: 'cancled', wallet_spend: 0, coupon_discount: 0 });
    expect(await walletCents(app, user.id)).toBe(500);
    expect(await authTimes(app, cash.id)).toBe(0);
    expect((await user.api.tradeStatus(trade.data._id)).data.status).toBe('cancled');
    expect(await user.api.cancel(order._id)).toMatchObject({
      code: Codes.ORDER_NOT_CANCELLABLE,
      msg: '订单已支付或已取消，无法取消',
    });
    for (const attempt of [
      user.api.useCoupon(order._id, cash.code),
      user.api.walletCheck(order._id),
      user.api.dobuy(order._id),
    ]) {
      expect((await attempt).code).toBe(Codes.ORDER_NOT_OPEN);
    }
  });

  it('feedback keeps a trimmed message of at most 30 characters', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, volume);
    expect((await user.api.feedback(order._id, '  没有到账  ')).data).toMatchObject({ user_feedback: '没有到账' });
    expect((await user.api.feedback(order._id, '字'.repeat(31))).msg).toBe(shopMessages.orderFeedbackRule);
    expect((await user.api.feedback(order._id, '字'.repeat(30))).code).toBe(0);
    await user.api.feedback(order._id, '  没有到账  ');
    expect((await user.api.feedback(order._id, '   ')).code).toBe(Codes.INVALID_PAYLOAD);
    expect((await user.api.orders()).data[0]!.user_feedback).toBe('没有到账');
  });
});

describe('ownership', () => {
  it("another user's order or trade id gets 1107 on every call, and nothing changes", async () => {
    const owner = await buyer(5);
    const order = await newOrder(app, owner.cookie, volume);
    const cash = await coupon(app, { type: 'cash' });
    await owner.api.walletCheck(order._id);
    const trade = await owner.api.dobuy(order._id);
    expect(trade.code).toBe(0);
    const before = { order: await orderRow(app, order._id), wallet: await walletCents(app, owner.id) };

    const intruder = await buyer(20);
    const { api } = intruder;
    const answers = [
      await api.useCoupon(order._id, cash.code),
      await api.cancelCoupon(order._id),
      await api.walletCheck(order._id),
      await api.dobuy(order._id),
      await api.tradeStatus(trade.data._id),
      await api.cancel(order._id),
      await api.feedback(order._id, '不是我的'),
    ];
    expect(answers.map((a) => a.code)).toEqual(Array(answers.length).fill(Codes.ORDER_NOT_OPEN));
    expect((await api.orders()).data).toEqual([]);
    expect(await orderRow(app, order._id)).toEqual(before.order);
    expect(await walletCents(app, owner.id)).toBe(before.wallet);
    expect(await walletCents(app, intruder.id)).toBe(2000);
    expect(await authTimes(app, cash.id)).toBe(0);
    expect((await owner.api.tradeStatus(trade.data._id)).data.status).toBe('topay');
  });

  it('visitors are refused on every call (1002, HTTP 401)', async () => {
    const id = 'a'.repeat(24);
    for (const [url, payload] of [
      ['/api/shop/create_order', { combo_id: id }],
      ['/api/coupon/orderUseCoupon', { order_id: id, code: 'X' }],
      ['/api/coupon/orderCancleCoupon', { order_id: id }],
      ['/api/shop/wallet_check', { order_id: id }],
      ['/api/shop/dobuy', { order_id: id, pay_mode: 'alipay' }],
      ['/api/shop/trade_status', { trade_id: id }],
      ['/api/order/order_list', {}],
      ['/api/order/cancel_order', { order_id: id }],
      ['/api/order/feedback', { order_id: id, msg: 'x' }],
      ['/api/wallet/mywallet', {}],
      ['/api/wallet/spend_list', {}],
    ] as const) {
      const { status, result } = await call(app, url, payload);
      expect(status, url).toBe(401);
      expect(result.code, url).toBe(Codes.SESSION_EXPIRED);
    }
  });
});
