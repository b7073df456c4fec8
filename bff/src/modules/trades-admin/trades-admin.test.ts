import { Codes, type AdminTrade, type Order } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import {
  approveSandboxPayment,
  coupon,
  deposit,
  expectMoneyInvariants,
  GiB,
  newOrder,
  product,
  shopApi,
} from '../../../test/money.js';
import { createTradesAdminRepository } from './repository.js';

/**
 * /admin_tradeList's calls on trades made through the real order and payment path: create_order,
 * coupons, wallet_check, dobuy, the sandbox gateway's approval (the notify path and fulfilment).
 */

let app: FastifyInstance;
let admin: Admin;
let volume: string;
let timed: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app);
  volume = await product(app, { name: '100G 流量包', price: 10, traffic: 100 * GiB, additionPersend: 15 });
  timed = await product(app, { name: '月度时长包', price: 30, traffic: 0, vipDuration: 30, additionPersend: 10 });
});

afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
});

async function buyer(options: { email?: string; channelCode?: string; walletCents?: number } = {}) {
  const user = await signedInUser(app, options.email === undefined ? {} : { email: options.email });
  if (options.channelCode !== undefined) {
    await app.database.query('UPDATE users SET channel_code = $1 WHERE id = $2', [options.channelCode, user.id]);
  }
  if (options.walletCents !== undefined) await deposit(app, user.id, options.walletCents);
  return { ...user, api: shopApi(app, user.cookie) };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

/** dobuy through the sandbox; the trade id and its pay page. */
async function openTrade(user: Buyer, orderId: string, payload: Record<string, unknown> = {}) {
  const { code, data, msg } = await user.api.dobuy(orderId, payload);
  if (code !== 0) throw new Error(`dobuy: ${code} ${msg}`);
  return data;
}

const tradeList = (payload: Record<string, unknown> = {}) =>
  admin.post<AdminTrade[]>('/api/admin/trades/tradelist', payload);
const tradeIds = async (payload: Record<string, unknown> = {}) => (await tradeList(payload)).data.map((t) => t._id);

describe('tradelist and get_order_for_trade', () => {
  let host: Buyer;
  let invited: Buyer;
  let paidOrder: Order;
  let paidTrade: string;
  let walletTrade: string;
  let openTradeId: string;
  let cancelledTrade: string;
  let couponCode: string;

  beforeAll(async () => {
    host = await buyer({ email: 'trade-host@example.com' });
    await app.fulfilment.ensureChannel({ code: 'TRDCH1', userId: host.id, rewardRate: 0.1 });

    // An invited buyer pays a 10-yuan pack with a 3-yuan coupon through the sandbox, on a phone.
    invited = await buyer({ email: 'trade-buyer@example.com', channelCode: 'TRDCH1' });
    paidOrder = await newOrder(app, invited.cookie, volume);
    couponCode = (await coupon(app, { name: '三元券', type: 'cash', forMoneyCents: 300 })).code;
    expect((await invited.api.useCoupon(paidOrder._id, couponCode)).code).toBe(0);
    expect((await invited.api.feedback(paidOrder._id, '到账慢')).code).toBe(0);
    const paying = await openTrade(invited, paidOrder._id, { pay_mode: 'wxpay', isMobile: true });
    await approveSandboxPayment(app, paying.payurl!);
    paidTrade = paying._id;

    // A buyer whose wallet covers a time pack: paid at once, through no payment platform.
    const rich = await buyer({ email: 'trade-wallet@example.com', walletCents: 5000 });
    const walletOrder = await newOrder(app, rich.cookie, timed);
    expect((await rich.api.walletCheck(walletOrder._id)).code).toBe(0);
    walletTrade = (await openTrade(rich, walletOrder._id))._id;

    // An order left unpaid: its first trade cancelled by the second, the second still open.
    const slow = await buyer({ email: 'trade-open@example.com' });
    const openOrder = await newOrder(app, slow.cookie, volume);
    cancelledTrade = (await openTrade(slow, openOrder._id))._id;
    openTradeId = (await openTrade(slow, openOrder._id))._id;
  });

  it('lists every trade newest first with the columns of spec-2 §3: money in yuan, traffic in bytes', async () => {
    const { code, data } = await tradeList();
    expect(code).toBe(0);
    const ids = data.map((t) => t._id);
    expect(ids.slice(0, 4)).toEqual([openTradeId, cancelledTrade, walletTrade, paidTrade]);
    const times = data.map((t) => new Date(t.create_time).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const paid = data.find((t) => t._id === paidTrade)!;
    const [row] = await app.database.query<{ external_id: string }>('SELECT external_id FROM trades WHERE id = $1', [
      paidTrade,
    ]);
    expect(paid).toEqual({
      _id: paidTrade,
      username: 'trade-buyer@example.com',
      desc: '100G 流量包',
      tradeno: paidTrade,
      platform_tradeno: row!.external_id,
      fromChannel: 'TRDCH1',
      request_pay_amound: 7,
      // 10% of what the buyer spent after the coupon (7 yuan).
      rewardMoney: 0.7,
      pay_mode: 'wxpay',
      device: 'mobile',
      third_pay_platform: 'sandbox',
      status: 'paied',
      // Empty unless the payment could not settle its order as it stands (see issue 24's shop credit).
      note: '',
      create_time: expect.any(String),
      add_traffic: (100 * GiB * 115) / 100,
      add_vip_duration: 0,
      order_id: paidOrder._id,
    });
    expect(row!.external_id).not.toBe('');

    expect(data.find((t) => t._id === walletTrade)).toMatchObject({
      pay_mode: 'wallet',
      third_pay_platform: 'wallet',
      request_pay_amound: 0,
      rewardMoney: 0,
      fromChannel: '',
      platform_tradeno: '',
      device: 'pc',
      status: 'paied',
      add_traffic: 0,
      add_vip_duration: 33,
    });
    expect(data.find((t) => t._id === cancelledTrade)).toMatchObject({ status: 'cancled', request_pay_amound: 10 });
    expect(data.find((t) => t._id === openTradeId)).toMatchObject({ status: 'topay', pay_mode: 'alipay' });
  });

  it('the free text finds the e-mail (any case, any part), the trade number, the order id and the channel code', async () => {
    expect(await tradeIds({ filterStr: 'TRADE-BUYER@' })).toEqual([paidTrade]);
    expect(await tradeIds({ filterStr: '  trade-buyer  ' })).toEqual([paidTrade]);
    expect(await tradeIds({ filterStr: paidTrade })).toEqual([paidTrade]);
    expect(await tradeIds({ filterStr: walletTrade.slice(4, 16) })).toEqual([walletTrade]);
    const [row] = await app.database.query<{ order_id: string }>('SELECT order_id FROM trades WHERE id = $1', [
      openTradeId,
    ]);
    expect(await tradeIds({ filterStr: row!.order_id })).toEqual([openTradeId, cancelledTrade]);
    expect(await tradeIds({ filterStr: 'trdch1' })).toEqual([paidTrade]);
    const [paid] = await app.database.query<{ external_id: string }>('SELECT external_id FROM trades WHERE id = $1', [
      paidTrade,
    ]);
    expect(await tradeIds({ filterStr: paid!.external_id })).toEqual([paidTrade]);
    // Wildcards typed by the operator are letters.
    expect(await tradeIds({ filterStr: '%' })).toEqual([]);
    expect(await tradeIds({ filterStr: 'trade_buyer' })).toEqual([]);
    expect(await tradeIds({ filterStr: 'nobody-here' })).toEqual([]);
    expect((await tradeIds({ filterStr: '' })).length).toBeGreaterThanOrEqual(4);
  });

  it('get_order_for_trade answers the order detail of any user, money in yuan', async () => {
    const { code, data } = await admin.post<Order>('/api/admin/trades/get_order_for_trade', {
      order_id: paidOrder._id,
    });
    expect(code).toBe(0);
    expect(data).toMatchObject({
      _id: paidOrder._id,
      desc: '100G 流量包',
      order_money: 10,
      coupon_name: '三元券',
      coupon_code: couponCode,
      couponType: 'cash',
      coupon_discount: 3,
      wallet_spend: 0,
      pay_money: 7,
      status: 'paied',
      create_time: paidOrder.create_time,
      user_feedback: '到账慢',
    });
  });

  it('get_order_for_trade: an unknown order is 4004, a malformed id 4001', async () => {
    expect(
      await admin.post('/api/admin/trades/get_order_for_trade', { order_id: '665f1c2ab7e4d90012a3e0ff' }),
    ).toMatchObject({ code: Codes.NOT_FOUND, msg: '订单不存在' });
    expect((await admin.post('/api/admin/trades/get_order_for_trade', { order_id: "x' OR 1=1" })).code).toBe(
      Codes.INVALID_PAYLOAD,
    );
  });

  it('refuses unknown fields, counts out of range and a non-text filter (4001)', async () => {
    for (const payload of [
      { requestNumber: 0 },
      { requestNumber: 5001 },
      { requestNumber: 1.5 },
      { filterStr: 12 },
      { filterStr: 'x'.repeat(255) },
      { requestNumber: 10, userId: invited.id },
    ]) {
      expect((await tradeList(payload)).code, JSON.stringify(payload)).toBe(Codes.INVALID_PAYLOAD);
    }
  });

  it('refuses anonymous (1002), normal, channel and yunying callers (4003) and tells them nothing', async () => {
    const callers = [
      { cookie: undefined, code: Codes.SESSION_EXPIRED },
      ...(await Promise.all(
        (['normal', 'channel', 'yunying'] as const).map(async (type) => ({
          cookie: (await signedInUser(app, { type })).cookie,
          code: Codes.FORBIDDEN,
        })),
      )),
    ];
    for (const { cookie, code } of callers) {
      for (const [url, payload] of [
        ['/api/admin/trades/tradelist', { filterStr: 'trade-buyer' }],
        ['/api/admin/trades/get_order_for_trade', { order_id: paidOrder._id }],
      ] as const) {
        const { result } = await call(app, url, payload, cookie === undefined ? {} : { cookie });
        expect(result.code, url).toBe(code);
        expect(JSON.stringify(result)).not.toContain('trade-buyer');
        expect(JSON.stringify(result)).not.toContain('到账慢');
      }
    }
  });
});

describe('how many trades', () => {
  it('answers the newest 100 by default and requestNumber when given', async () => {
    const user = await buyer();
    const order = await newOrder(app, user.cookie, volume);
    const opened: string[] = [];
    // Each dobuy opens a trade (and cancels the one before): 101 trades of the real path.
    for (let i = 0; i < 101; i += 1) opened.push((await openTrade(user, order._id))._id);
    const newestFirst = opened.reverse();

    expect(await tradeIds()).toEqual(newestFirst.slice(0, 100));
    expect(await tradeIds({ requestNumber: 3 })).toEqual(newestFirst.slice(0, 3));
    expect(await tradeIds({ requestNumber: 500, filterStr: order._id })).toEqual(newestFirst);
  });
});

describe('the search on a long list (issue 23): a window of the newest trades, then indexes only', () => {
  /** What the list answered before the window: every trade read, every field, any part. */
  async function fullScan(text: string, limit: number): Promise<string[]> {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await app.database.query<{ id: string }>(
      `SELECT t.id FROM trades t JOIN orders o ON o.id = t.order_id JOIN users u ON u.id = t.user_id
       WHERE $1 = '' OR u.email ILIKE $2 OR t.id ILIKE $2 OR t.external_id ILIKE $2 OR t.order_id ILIKE $2
         OR t.from_channel ILIKE $2
       ORDER BY t.created_at DESC, t.id DESC LIMIT $3`,
      [text, pattern, limit],
    );
    return rows.map((r) => r.id);
  }

  it('finds what the full scan found, once each and in order, across the window edge and ties on created_at', async () => {
    // More trades than the smallest windows, several buyers, and runs of trades sharing one
    // created_at (a tie across the window's edge must neither repeat nor lose a trade).
    const buyers = [
      await buyer({ email: 'edge-one@example.com' }),
      await buyer({ email: 'edge-two@example.com', channelCode: 'EDGECH' }),
    ];
    for (const user of buyers) {
      const order = await newOrder(app, user.cookie, volume);
      for (let i = 0; i < 6; i += 1) await openTrade(user, order._id);
    }
    await app.database.query(
      `UPDATE trades SET created_at = '2026-01-01T00:00:00Z'
       WHERE id IN (SELECT id FROM trades ORDER BY created_at DESC, id DESC OFFSET 3 LIMIT 8)`,
    );
    await app.database.query(
      `UPDATE trades SET created_at = '2025-06-01T00:00:00Z'
       WHERE id IN (SELECT id FROM trades ORDER BY created_at DESC, id DESC OFFSET 40 LIMIT 30)`,
    );
    const [{ order_id: orderId, external_id: externalId } = { order_id: '', external_id: '' }] =
      await app.database.query<{ order_id: string; external_id: string }>(
        'SELECT order_id, external_id FROM trades WHERE external_id IS NOT NULL ORDER BY created_at LIMIT 1',
      );
    const [{ n: total } = { n: 0 }] = await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM trades');
    expect(total).toBeGreaterThan(100);
    const texts = [
      '',
      'edge-',
      'EDGE-TWO@',
      'example.com',
      'edgech',
      'trdch1',
      'trade-buyer',
      orderId,
      externalId,
      'nobody-here',
    ];
    for (const searchWindow of [1, 5, 11, 60, 10_000]) {
      const repo = createTradesAdminRepository(app.db, { searchWindow });
      for (const text of texts) {
        for (const limit of [1, 4, 13, 500]) {
          const ids = (await repo.list(limit, text)).map((row) => row.id);
          expect(ids, `window ${searchWindow}, "${text}", ${limit}`).toEqual(await fullScan(text, limit));
        }
      }
    }
  });
});
