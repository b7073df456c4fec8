/** Test support for the money path: products, wallet deposits, the order calls and invariant checks. */
import type { Combo, Order, PaymentResult, TradeStatus, Wallet, WalletSpendRecord } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { NewCouponInput } from '../src/modules/coupons/index.js';
import type { ComboFields } from '../src/modules/shop/index.js';
import { invariantProblems, MONEY_INVARIANTS } from '../src/db/invariants.js';
import { randomHex } from '../src/lib/random.js';
import { call } from './api.js';

export const GiB = 1024 ** 3;

export async function product(app: FastifyInstance, fields: Partial<ComboFields> = {}): Promise<string> {
  const { id } = await app.shop.combos.create({ name: '测试套餐', price: 10, traffic: 100 * GiB, ...fields });
  return id;
}

/** Puts money in a wallet the only way money gets there: through the wallet service, with its ledger row. */
export async function deposit(app: FastifyInstance, userId: string, cents: number): Promise<void> {
  await app.wallet.adjust(userId, cents, 'test deposit');
}

export async function coupon(
  app: FastifyInstance,
  input: Partial<NewCouponInput> = {},
): Promise<{ id: string; code: string }> {
  const code = input.code ?? `O${randomHex(6).toUpperCase()}`;
  const { created, id } = await app.coupons.create({
    name: '优惠券',
    type: 'cash',
    forMoneyCents: 500,
    useNumPerUser: 1,
    numberOfAuthorizations: 100,
    ...input,
    code,
  });
  if (!created) throw new Error(`coupon ${code} exists`);
  return { id, code };
}

/** The user-side calls of the money path, each answering the envelope's code and data. */
export function shopApi(app: FastifyInstance, cookie: string) {
  const post = async <T>(url: string, payload: object = {}) => (await call<T>(app, url, payload, { cookie })).result;
  return {
    list: () => post<Combo[]>('/api/shop/list'),
    createOrder: (comboId: string) => post<Order>('/api/shop/create_order', { combo_id: comboId }),
    useCoupon: (orderId: string, code: string) =>
      post<Order>('/api/coupon/orderUseCoupon', { order_id: orderId, code }),
    cancelCoupon: (orderId: string) => post<Order>('/api/coupon/orderCancleCoupon', { order_id: orderId }),
    walletCheck: (orderId: string) => post<Order>('/api/shop/wallet_check', { order_id: orderId }),
    dobuy: (orderId: string, payload: Record<string, unknown> = {}) =>
      post<PaymentResult>('/api/shop/dobuy', { order_id: orderId, pay_mode: 'alipay', isMobile: false, ...payload }),
    tradeStatus: (tradeId: string) => post<TradeStatus>('/api/shop/trade_status', { trade_id: tradeId }),
    orders: () => post<Order[]>('/api/order/order_list'),
    cancel: (orderId: string) => post<Order>('/api/order/cancel_order', { order_id: orderId }),
    feedback: (orderId: string, msg: string) => post<Order>('/api/order/feedback', { order_id: orderId, msg }),
    wallet: () => post<Wallet>('/api/wallet/mywallet'),
    spendList: () => post<WalletSpendRecord[]>('/api/wallet/spend_list'),
  };
}

/** A new order of the product, failing the test when it cannot be made. */
export async function newOrder(app: FastifyInstance, cookie: string, comboId: string): Promise<Order> {
  const { code, data, msg } = await shopApi(app, cookie).createOrder(comboId);
  if (code !== 0) throw new Error(`create_order failed: ${code} ${msg}`);
  return data;
}

const num = (value: unknown) => Number(value);

export async function walletCents(app: FastifyInstance, userId: string): Promise<number> {
  return num(
    (await app.database.query<{ m: unknown }>('SELECT wallet_money AS m FROM users WHERE id = $1', [userId]))[0]!.m,
  );
}

export async function ledgerSum(app: FastifyInstance, userId: string): Promise<number> {
  const [row] = await app.database.query<{ s: unknown }>(
    'SELECT coalesce(sum(amount_cents), 0) AS s FROM wallet_ledger WHERE user_id = $1',
    [userId],
  );
  return num(row!.s);
}

export async function orderRow(app: FastifyInstance, orderId: string) {
  const [row] = await app.database.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [orderId]);
  return {
    status: String(row!.status),
    walletSpend: num(row!.wallet_spend_cents),
    couponDiscount: num(row!.coupon_discount_cents),
    couponId: (row!.coupon_id as string | null) ?? null,
  };
}

export async function authTimes(app: FastifyInstance, couponId: string): Promise<number> {
  return num(
    (await app.database.query<{ n: unknown }>('SELECT auth_times AS n FROM coupons WHERE id = $1', [couponId]))[0]!.n,
  );
}

export async function liveUses(app: FastifyInstance, couponId: string): Promise<number> {
  return num(
    (
      await app.database.query<{ n: unknown }>(
        'SELECT count(*) AS n FROM coupon_uses WHERE coupon_id = $1 AND NOT is_deleted',
        [couponId],
      )
    )[0]!.n,
  );
}

export async function userTotals(app: FastifyInstance, userId: string) {
  const [row] = await app.database.query<Record<string, unknown>>(
    'SELECT traffic, vip_expire_time, daily_limit, paid_user, wallet_money FROM users WHERE id = $1',
    [userId],
  );
  return {
    traffic: num(row!.traffic),
    vipExpireTime: row!.vip_expire_time === null ? null : new Date(row!.vip_expire_time as string),
    dailyLimit: row!.daily_limit === null ? null : num(row!.daily_limit),
    paidUser: row!.paid_user === true,
    wallet: num(row!.wallet_money),
  };
}

/**
 * The invariants every money test ends with (src/db/invariants.ts, which the move to PostgreSQL
 * checks too): every wallet equals its ledger and is not negative, its withdrawable part too;
 * every coupon's use count equals its live use records and stays in range; every order holds at
 * most what it costs; every live coupon use belongs to an order that holds it.
 */
export async function expectMoneyInvariants(app: FastifyInstance): Promise<void> {
  const problems = await invariantProblems(app.database.query, MONEY_INVARIANTS);
  if (problems.length > 0) throw new Error(problems.join('; '));
}

/** A user's withdrawable money and shop credit (cents). */
export async function walletFunds(
  app: FastifyInstance,
  userId: string,
): Promise<{ withdrawable: number; credit: number }> {
  const [row] = await app.database.query<{ m: unknown; w: unknown }>(
    'SELECT wallet_money AS m, wallet_withdrawable AS w FROM users WHERE id = $1',
    [userId],
  );
  return { withdrawable: num(row!.w), credit: num(row!.m) - num(row!.w) };
}

/** The sandbox gateway's pay page approved, as a payer does: the notify path pays the trade. */
export async function approveSandboxPayment(app: FastifyInstance, payurl: string): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/decide',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...Object.fromEntries(new URL(payurl).searchParams),
      decision: 'approve',
    }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`sandbox approval failed: ${response.statusCode}`);
}
