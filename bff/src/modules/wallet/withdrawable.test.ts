// Issue 24, "Money that never came in must never leave": the wallet keeps withdrawable money
// (invite rebates earned through a real gateway) apart from shop credit (refunds, late and excess
// payments, cancelled trades, operator adjustments, sandbox money). Shop credit pays for orders,
// first; only withdrawable money is requested with make_charge. A trade whose order was closed or
// changed after it was made never pays the order: its money is shop credit and the trade says so.
// Every test here fails on the code before the split (which credited such money to one balance that
// make_charge could take whole).
import { Codes, type AdminTrade, type AdminWithdrawal, type WithdrawalRecord } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, signedInUser, TEST_USER_PASSWORD } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import {
  approveSandboxPayment,
  coupon,
  expectMoneyInvariants,
  GiB,
  newOrder,
  orderRow,
  product,
  shopApi,
  walletFunds,
} from '../../../test/money.js';
import { withEpaySign } from '../payments/epay.js';

const YI = { gateway: 'https://pay.yi.test/', pid: '1001', key: 'yi-secret-key' };
const TRC20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TRC20_OTHER = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let app: FastifyInstance;
let admin: Admin;
let pack80: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app);
  pack80 = await product(app, { name: '八十元包', price: 80, traffic: 100 * GiB });
});

beforeEach(async () => {
  // The sandbox is the default provider; 'yi' is a real epay gateway (a signed notify pays it).
  await app.settings.set({
    alipay: 'sandbox',
    wxpay: 'sandbox',
    epay_platforms: { yi: YI },
    min_charge_money: 1,
    openChannel: true,
    channelRewardRate: 0.1,
  });
});

afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
});

async function buyer(channelCode?: string) {
  const user = await signedInUser(app);
  if (channelCode !== undefined) {
    await app.database.query('UPDATE users SET channel_code = $1 WHERE id = $2', [channelCode, user.id]);
  }
  const post = async <T>(url: string, payload: object = {}) =>
    (await call<T>(app, url, payload, { cookie: user.cookie })).result;
  return {
    ...user,
    api: shopApi(app, user.cookie),
    setAddress: (address: string) =>
      post<object>('/api/wallet/change_reward_adress', {
        addressType: 'USDT-TRC20',
        address,
        password: TEST_USER_PASSWORD,
      }),
    makeCharge: (money?: number) =>
      post<WithdrawalRecord>('/api/wallet/make_charge', money === undefined ? {} : { money }),
  };
}

/** The gateway's signed notify for a trade of `money` yuan (what yi sends when the payer paid). */
async function yiPaid(tradeId: string, money: string) {
  const params = withEpaySign(
    {
      pid: YI.pid,
      trade_no: `YI${tradeId}`,
      out_trade_no: tradeId,
      type: 'alipay',
      name: '八十元包',
      money,
      trade_status: 'TRADE_SUCCESS',
    },
    YI.key,
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/pay/notify/epay/yi',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
  expect(response.body).toBe('success');
}

async function adminTrade(tradeId: string): Promise<AdminTrade> {
  const { data } = await admin.post<AdminTrade[]>('/api/admin/trades/tradelist', { filterStr: tradeId });
  const trade = data.find((row) => row._id === tradeId);
  if (trade === undefined) throw new Error(`trade ${tradeId} not in the list`);
  return trade;
}

describe("the reviewer's path: a sandbox payment approved after its order was cancelled", () => {
  it('lands as shop credit, the trade says why, make_charge refuses it, and it still pays an order', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, pack80);
    const started = await user.api.dobuy(order._id, { pay_mode: 'alipay' });
    expect(started.data.third_pay_platform).toBe('sandbox');
    expect((await user.api.cancel(order._id)).code).toBe(0);
    await approveSandboxPayment(app, started.data.payurl!);

    // The ¥80 is in the wallet, as shop credit only.
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 0, credit: 8000 });
    expect((await user.api.wallet()).data).toMatchObject({ money: 80, withdrawable_money: 0 });
    expect((await user.api.spendList()).data[0]).toMatchObject({
      spendMoney: 80,
      desc: '订单「八十元包」已关闭，支付的 80 元已存入购物余额',
      withdrawable: 0,
      fund: 'credit',
    });
    expect((await adminTrade(started.data._id)).note).toContain('购物余额');

    // make_charge: neither the whole balance nor any part of it.
    expect((await user.setAddress(TRC20)).code).toBe(0);
    for (const money of [undefined, 80, 1]) {
      const refused = await user.makeCharge(money);
      expect(refused.code).toBe(Codes.WITHDRAW_REFUSED);
    }
    expect((await user.makeCharge(80)).msg).toContain('可提现金额为0元');
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 0, credit: 8000 });

    // Shop credit still pays for an order.
    const next = await newOrder(app, user.cookie, pack80);
    expect((await user.api.walletCheck(next._id)).data).toMatchObject({ wallet_spend: 80 });
    expect((await user.api.dobuy(next._id)).data.status).toBe('paied');
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 0, credit: 0 });
  });
});

describe('late and excess payments are shop credit', () => {
  it('a trade that asked more than is now payable (wallet deducted since) does not pay the order at the new price', async () => {
    const user = await buyer();
    await app.wallet.adjust(user.id, 3000, 'test credit');
    const order = await newOrder(app, user.cookie, pack80);
    const trade = await user.api.dobuy(order._id);
    expect(trade.data.request_pay_amound).toBe(80);
    await user.api.walletCheck(order._id);
    expect((await orderRow(app, order._id)).walletSpend).toBe(3000);
    await approveSandboxPayment(app, trade.data.payurl!);
    // Not paid at ¥50 with ¥30 "excess" credited: the order is still open, the ¥80 is shop credit.
    expect((await orderRow(app, order._id)).status).toBe('wallet_spend');
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 0, credit: 8000 });
    expect((await adminTrade(trade.data._id)).note).toContain('订单金额在发起支付后已变更');
  });
});

describe('coupon after starting to pay, through a real gateway', () => {
  it('the old trade never settles the order at the discount, and none of its money becomes withdrawable', async () => {
    await app.settings.set({ alipay: 'yi' });
    const cash = await coupon(app, { type: 'cash', forMoneyCents: 3000 });
    const user = await buyer();
    const order = await newOrder(app, user.cookie, pack80);
    const old = await user.api.dobuy(order._id, { pay_mode: 'alipay' });
    expect(old.data.third_pay_platform).toBe('yi');
    expect((await user.api.useCoupon(order._id, cash.code)).code).toBe(0);
    await yiPaid(old.data._id, '80.00');

    const row = await orderRow(app, order._id);
    expect(row.status).toBe('topay');
    expect(row.couponId).not.toBeNull();
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 0, credit: 8000 });
    const listed = await adminTrade(old.data._id);
    expect(listed).toMatchObject({ status: 'paied', third_pay_platform: 'yi' });
    expect(listed.note).toContain('现应付 50 元');
    expect((await user.setAddress(TRC20)).code).toBe(0);
    expect((await user.makeCharge()).code).toBe(Codes.WITHDRAW_REFUSED);
  });
});

describe('invite rebates', () => {
  it('a real-gateway purchase earns a withdrawable rebate; a sandbox one earns shop credit only', async () => {
    const host = await buyer();
    expect(await app.fulfilment.ensureChannel({ code: 'WDR1', userId: host.id, rewardRate: 0.1 })).toBe(true);

    await app.settings.set({ alipay: 'yi' });
    const real = await buyer('WDR1');
    const realOrder = await newOrder(app, real.cookie, pack80);
    const realTrade = await real.api.dobuy(realOrder._id, { pay_mode: 'alipay' });
    await yiPaid(realTrade.data._id, '80.00');
    expect((await orderRow(app, realOrder._id)).status).toBe('paied');
    expect(await walletFunds(app, host.id)).toEqual({ withdrawable: 800, credit: 0 });

    await app.settings.set({ alipay: 'sandbox' });
    const sandbox = await buyer('WDR1');
    const sandboxOrder = await newOrder(app, sandbox.cookie, pack80);
    await approveSandboxPayment(app, (await sandbox.api.dobuy(sandboxOrder._id, { pay_mode: 'alipay' })).data.payurl!);
    expect((await orderRow(app, sandboxOrder._id)).status).toBe('paied');
    expect(await walletFunds(app, host.id)).toEqual({ withdrawable: 800, credit: 800 });
    const lines = (await host.api.spendList()).data;
    expect(lines.map(({ spendMoney, fund }) => ({ spendMoney, fund }))).toEqual([
      { spendMoney: 8, fund: 'credit' },
      { spendMoney: 8, fund: 'withdrawable' },
    ]);

    // Only the ¥8 earned through the real gateway leaves; the sandbox ¥8 stays as shop credit.
    expect((await host.setAddress(TRC20)).code).toBe(0);
    expect((await host.makeCharge(16)).code).toBe(Codes.WITHDRAW_REFUSED);
    const request = await host.makeCharge();
    expect(request).toMatchObject({ code: 0, data: { money: 8, left: 8, status: 'request' } });
    expect(await walletFunds(app, host.id)).toEqual({ withdrawable: 0, credit: 800 });
    expect((await host.api.wallet()).data).toMatchObject({ money: 8, withdrawable_money: 0 });
  });
});

describe('spending takes shop credit first; a returned deduction gives each kind back', () => {
  it('an order spends credit before withdrawable money, and its cancel returns both as they were', async () => {
    const user = await buyer();
    await app.wallet.adjust(user.id, 5000, 'withdrawable test money', 5000);
    await app.wallet.adjust(user.id, 3000, 'test credit');
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 5000, credit: 3000 });
    const order = await newOrder(app, user.cookie, await product(app, { name: '四十元包', price: 40 }));
    expect((await user.api.walletCheck(order._id)).data).toMatchObject({ wallet_spend: 40 });
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 4000, credit: 0 });
    expect((await user.api.spendList()).data[0]).toMatchObject({ spendMoney: -40, withdrawable: -10, fund: 'mixed' });
    await user.api.cancel(order._id);
    expect(await walletFunds(app, user.id)).toEqual({ withdrawable: 5000, credit: 3000 });
  });

  it('the database refuses withdrawable money beyond the balance', async () => {
    const user = await buyer();
    await app.wallet.adjust(user.id, 100, 'test credit');
    await expect(
      app.database.query('UPDATE users SET wallet_withdrawable = 101 WHERE id = $1', [user.id]),
    ).rejects.toThrow();
  });
});

describe('a withdrawal within 24 hours of an address change', () => {
  async function withRebate() {
    const user = await buyer();
    await app.wallet.adjust(user.id, 2000, 'withdrawable test money', 2000);
    return user;
  }

  it('is held: the operator sees why and cannot settle it before the 24 hours are over', async () => {
    const user = await withRebate();
    expect((await user.setAddress(TRC20)).code).toBe(0);
    // A first address is not a change (nothing to divert); replacing it is.
    const [first] = await app.database.query<{ at: Date | null }>(
      'SELECT wallet_address_changed_at AS at FROM users WHERE id = $1',
      [user.id],
    );
    expect(first!.at).toBeNull();
    expect((await user.setAddress(TRC20_OTHER)).code).toBe(0);
    const request = await user.makeCharge();
    expect(request.code).toBe(0);

    const { data: list } = await admin.post<AdminWithdrawal[]>('/api/admin/charge/charge_list');
    const held = list.find((row) => row._id === request.data._id)!;
    expect(held.status).toBe('request');
    expect(held.note).toContain('24 小时内申请的提现已暂缓结算');
    expect(Date.parse(held.heldUntil!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const settle = await admin.post('/api/admin/charge/checkout_charge', { charge_id: held._id, txid: 'tx-held' });
    expect(settle.code).toBe(Codes.WITHDRAW_REFUSED);
    expect(settle.msg).toContain('之后才能结算');

    // Once the 24 hours are over the operator settles it.
    await app.database.query("UPDATE withdrawals SET held_until = now() - interval '1 second' WHERE id = $1", [
      held._id,
    ]);
    expect((await admin.post('/api/admin/charge/checkout_charge', { charge_id: held._id, txid: 'tx-held' })).code).toBe(
      0,
    );
  });

  it('is not held when the address changed more than 24 hours before', async () => {
    const user = await withRebate();
    await user.setAddress(TRC20);
    await user.setAddress(TRC20_OTHER);
    await app.database.query("UPDATE users SET wallet_address_changed_at = now() - interval '25 hours' WHERE id = $1", [
      user.id,
    ]);
    const request = await user.makeCharge();
    const { data: list } = await admin.post<AdminWithdrawal[]>('/api/admin/charge/charge_list');
    expect(list.find((row) => row._id === request.data._id)).toMatchObject({ heldUntil: null, note: '' });
    expect(
      (await admin.post('/api/admin/charge/checkout_charge', { charge_id: request.data._id, txid: 'tx' })).code,
    ).toBe(0);
  });
});
