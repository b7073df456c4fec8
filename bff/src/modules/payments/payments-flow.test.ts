import type { PaymentResult } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalTron, type LocalTron } from '../../../../scripts/lib/local-tron.mjs';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import {
  expectMoneyInvariants,
  GiB,
  newOrder,
  product,
  shopApi,
  userTotals,
  walletCents,
} from '../../../test/money.js';
import { withEpaySign } from './epay.js';
import { SANDBOX_CREDITED_TITLE } from './routes.js';
import { CONCURRENCY } from '../../../test/concurrency.js';

/**
 * The whole path as a buyer and a gateway see it: dobuy → provider → pay page or notify or chain
 * transfer → settle (fulfilment) → trade_status paied, with traffic, days and rebate credited once.
 */

const YI = { gateway: 'https://pay.yi.test/', pid: '1001', key: 'yi-secret-key' };
const TRON_ADDRESS = 'TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm';

let app: FastifyInstance;
let chain: LocalTron;
const logs = new LogCapture();
let pack: string;

beforeAll(async () => {
  chain = await startLocalTron();
  app = await buildTestApp({ logs });
  // Rounds are driven by the tests (checkOnce).
  await app.jobs.stop();
  pack = await product(app, { name: '双享包', price: 25, traffic: 10 * GiB, vipDuration: 7 });
});

afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
  await chain.close();
});

beforeEach(async () => {
  await app.settings.set({
    alipay: 'sandbox',
    wxpay: 'sandbox',
    urlscheme: 'sandbox',
    epay_platforms: { yi: YI },
    usdtpay: '',
  });
});

async function buyer(channelCode?: string) {
  const user = await signedInUser(app);
  if (channelCode !== undefined)
    await app.database.query('UPDATE users SET channel_code = $1 WHERE id = $2', [channelCode, user.id]);
  return { ...user, api: shopApi(app, user.cookie) };
}

/** A buyer's order of the pack with a started payment. */
async function bought(payMode: 'alipay' | 'wxpay' | 'urlscheme' | 'usdt', user?: Awaited<ReturnType<typeof buyer>>) {
  const who = user ?? (await buyer());
  const order = await newOrder(app, who.cookie, pack);
  const { code, data, msg } = await who.api.dobuy(order._id, { pay_mode: payMode });
  if (code !== 0) throw new Error(`dobuy: ${code} ${msg}`);
  return { user: who, order, result: data as PaymentResult };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const form = (params: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(params).toString(),
});
const tradeStatus = async (user: Awaited<ReturnType<typeof buyer>>, tradeId: string) =>
  (await user.api.tradeStatus(tradeId)).data.status;

describe('sandbox: the pay page approves through the notify path', () => {
  it('renders, approves → 支付成功 and the order is paid through fulfilment, once', async () => {
    const { user, result } = await bought('alipay');
    const page = await app.inject({ method: 'GET', url: pathOf(result.payurl!) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥25.00');
    expect(page.body).toContain('双享包');

    const fields = Object.fromEntries(new URL(result.payurl!).searchParams);
    const before = logs.lines.length;
    const approve = await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      ...form({ ...fields, decision: 'approve' }),
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.body).toContain('支付成功');
    expect(approve.body).toContain('返回商户');
    // The approval went through the notify route an external gateway calls.
    expect(logs.lines.slice(before)).toContainEqual(
      expect.objectContaining({ msg: 'payment notify accepted', platform: 'sandbox', outcome: 'paid' }),
    );
    expect(await tradeStatus(user, result._id)).toBe('paied');
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);

    // Approving again (a second tap, a reload) is a replay: still 支付成功, nothing more credited.
    const again = await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      ...form({ ...fields, decision: 'approve' }),
    });
    expect(again.body).toContain('支付成功');
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);
  });

  it('an approval after the buyer cancelled says the money became shop credit, not 支付成功', async () => {
    const { user, order, result } = await bought('alipay');
    await user.api.cancel(order._id);
    const fields = Object.fromEntries(new URL(result.payurl!).searchParams);
    const approve = await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      ...form({ ...fields, decision: 'approve' }),
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.body).toContain(SANDBOX_CREDITED_TITLE);
    expect(approve.body).toContain('金额已存入用户购物余额（不可提现）');
    expect(approve.body).not.toContain('支付成功');
    expect(await walletCents(app, user.id)).toBe(2500);
    expect((await userTotals(app, user.id)).traffic).toBe(0);
  });

  it('decline changes nothing: the trade stays open and can still be paid', async () => {
    const { user, result } = await bought('wxpay');
    const fields = Object.fromEntries(new URL(result.payurl!).searchParams);
    const decline = await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      ...form({ ...fields, decision: 'decline' }),
    });
    expect(decline.body).toContain('已拒绝支付');
    expect(await tradeStatus(user, result._id)).toBe('topay');
    expect((await userTotals(app, user.id)).traffic).toBe(0);
  });

  it('a sandbox approval cannot pay a trade another provider opened', async () => {
    await app.settings.set({ alipay: 'yi' });
    const { user, result } = await bought('alipay');
    await app.settings.set({ wxpay: 'sandbox' });
    const sandboxNotify = await app.payments.sandboxNotify({
      out_trade_no: result._id,
      type: 'alipay',
      name: 'x',
      money: '25.00',
    });
    const response = await app.inject({ method: 'POST', url: '/api/pay/notify/epay/sandbox', ...form(sandboxNotify) });
    expect(response.body).toBe('fail');
    expect(await tradeStatus(user, result._id)).toBe('topay');
  });
});

describe('epay notify (QUALITY 17)', () => {
  const notify = (tradeId: string, overrides: Record<string, string> = {}) =>
    withEpaySign(
      {
        pid: YI.pid,
        trade_no: `YI${tradeId}`,
        out_trade_no: tradeId,
        type: 'alipay',
        name: '双享包',
        money: '25.00',
        trade_status: 'TRADE_SUCCESS',
        ...overrides,
      },
      YI.key,
    );

  beforeEach(async () => {
    await app.settings.set({ alipay: 'yi' });
  });

  it("the buyer's own pay link does not pass for a notify, whatever return_url it asked for", async () => {
    const who = await buyer();
    const order = await newOrder(app, who.cookie, pack);
    // The signing string does not escape `&`: this return_url makes the signed submit read like a paid notify.
    const crafted = 'http://portal.test/#&trade_no=FORGED1&trade_status=TRADE_SUCCESS';
    const started = await call<PaymentResult>(
      app,
      '/api/shop/dobuy',
      { order_id: order._id, pay_mode: 'alipay', isMobile: false, return_url: crafted },
      { cookie: who.cookie, headers: { host: 'portal.test' } },
    );
    expect(started.result.code).toBe(0);
    const signed = Object.fromEntries(new URL(started.result.data.payurl!).searchParams);
    expect(signed.return_url).toBe(crafted);
    const forged: Record<string, string> = {
      ...signed,
      return_url: 'http://portal.test/#',
      trade_no: 'FORGED1',
      trade_status: 'TRADE_SUCCESS',
    };
    const without = (...names: string[]) =>
      Object.fromEntries(Object.entries(forged).filter(([name]) => !names.includes(name)));
    // As the signature wants it, and without the keys a notify may not carry (the signature no longer fits).
    for (const fields of [forged, without('notify_url'), without('notify_url', 'return_url')]) {
      const response = await app.inject({ method: 'POST', url: '/api/pay/notify/epay/yi', ...form(fields) });
      expect(response.body).toBe('fail');
    }
    expect(await tradeStatus(who, started.result.data._id)).toBe('topay');
    expect((await userTotals(app, who.id)).traffic).toBe(0);
  });

  it('a product named with & and = is paid: the gateway gets the full-width forms and echoes them back', async () => {
    const odd = await product(app, { name: 'A&B=C 包', price: 3, traffic: GiB });
    const who = await buyer();
    const order = await newOrder(app, who.cookie, odd);
    const { data } = await who.api.dobuy(order._id, { pay_mode: 'alipay' });
    const name = new URL(data.payurl!).searchParams.get('name');
    expect(name).toContain('A＆B＝C');
    const response = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/epay/yi',
      ...form(notify(data._id, { name: name!, money: '3.00' })),
    });
    expect(response.body).toBe('success');
    expect(await tradeStatus(who, data._id)).toBe('paied');
  });

  it('a valid signature with the wrong amount is refused and logged; the order is unchanged', async () => {
    const { user, order, result } = await bought('alipay');
    const before = logs.lines.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/epay/yi',
      ...form(notify(result._id, { money: '0.01' })),
    });
    expect(response.body).toBe('fail');
    expect(logs.lines.slice(before)).toContainEqual(
      expect.objectContaining({ msg: 'payment notify refused', reason: 'amount_mismatch', outTradeNo: result._id }),
    );
    expect(await tradeStatus(user, result._id)).toBe('topay');
    expect((await user.api.orders()).data.find((o) => o._id === order._id)?.status).toBe('topay');
  });

  it('is accepted by GET (query) and by POST (form, and query on a POST)', async () => {
    const viaGet = await bought('alipay');
    const get = await app.inject({
      method: 'GET',
      url: `/api/pay/notify/epay/yi?${new URLSearchParams(notify(viaGet.result._id)).toString()}`,
    });
    expect([get.statusCode, get.body]).toEqual([200, 'success']);
    expect(await tradeStatus(viaGet.user, viaGet.result._id)).toBe('paied');

    const viaForm = await bought('alipay');
    const post = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/epay/yi',
      ...form(notify(viaForm.result._id)),
    });
    expect([post.statusCode, post.body]).toEqual([200, 'success']);
    expect(await tradeStatus(viaForm.user, viaForm.result._id)).toBe('paied');

    const viaQuery = await bought('alipay');
    const postQuery = await app.inject({
      method: 'POST',
      url: `/api/pay/notify/epay/yi?${new URLSearchParams(notify(viaQuery.result._id)).toString()}`,
    });
    expect(postQuery.body).toBe('success');
    expect(await tradeStatus(viaQuery.user, viaQuery.result._id)).toBe('paied');
  });

  it(`the same notify 20 times at once: one paid transition, one credit of traffic, time and rebate, every reply success ${CONCURRENCY}`, async () => {
    const host = await buyer();
    await app.fulfilment.ensureChannel({ code: 'PAY20', userId: host.id, rewardRate: 0.1 });
    const { user, result } = await bought('alipay', await buyer('PAY20'));
    const params = notify(result._id);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? app.inject({ method: 'POST', url: '/api/pay/notify/epay/yi', ...form(params) })
          : app.inject({ method: 'GET', url: `/api/pay/notify/epay/yi?${new URLSearchParams(params).toString()}` }),
      ),
    );
    expect(replies.map((r) => r.body)).toEqual(Array(20).fill('success'));
    const accepted = logs.lines.filter((l) => l.msg === 'payment notify accepted' && l.outTradeNo === result._id);
    expect(accepted.filter((l) => l.outcome === 'paid')).toHaveLength(1);
    expect(accepted.filter((l) => l.outcome === 'already_paid')).toHaveLength(19);
    expect(await tradeStatus(user, result._id)).toBe('paied');
    const totals = await userTotals(app, user.id);
    expect(totals.traffic).toBe(10 * GiB);
    expect(totals.vipExpireTime!.getTime() - Date.now()).toBeLessThan(7 * 86_400_000 + 5000);
    expect(
      await app.database.query("SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'buy'", [user.id]),
    ).toHaveLength(1);
    expect(await walletCents(app, host.id)).toBe(250);
    const [trade] = await app.database.query<{ external_id: string }>('SELECT external_id FROM trades WHERE id = $1', [
      result._id,
    ]);
    expect(trade!.external_id).toBe(`YI${result._id}`);
  });
});

describe('USDT-TRC20', () => {
  beforeEach(async () => {
    chain.clear();
    await app.settings.set({ usdtpay: TRON_ADDRESS, usdt_chain_api: chain.url, exchange_rate: 7.2, usdtCheckTime: 30 });
  });

  it('dobuy answers the address and the exact amount; the watcher pays the order on the matching transfer, once', async () => {
    const { user, result } = await bought('usdt');
    // 25 / 7.2 = 3.472… → 3.48, unique in the third decimal.
    expect(result.usdtAdress).toBe(TRON_ADDRESS);
    expect(result.qrcode).toBe(TRON_ADDRESS);
    expect(Math.floor(result.request_pay_amound_usdt! * 100)).toBe(348);
    const other = await bought('usdt');
    expect(other.result.request_pay_amound_usdt).not.toBe(result.request_pay_amound_usdt);

    chain.addTransfer({ to: TRON_ADDRESS, amount: result.request_pay_amound_usdt!.toFixed(3) });
    expect(await app.usdtWatcher.checkOnce()).toMatchObject({ settled: 1 });
    expect(await tradeStatus(user, result._id)).toBe('paied');
    expect(await tradeStatus(other.user, other.result._id)).toBe('topay');
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);

    await app.usdtWatcher.checkOnce();
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);
    expect(
      await app.database.query('SELECT tx_id FROM chain_transfers WHERE trade_id = $1', [result._id]),
    ).toHaveLength(1);
  });

  it('a transfer after the trade expired pays nothing', async () => {
    const { user, result } = await bought('usdt');
    await app.database.query(
      "UPDATE trades SET created_at = now() - interval '40 minutes', expires_at = now() - interval '5 minutes' WHERE id = $1",
      [result._id],
    );
    chain.addTransfer({ to: TRON_ADDRESS, amount: result.request_pay_amound_usdt!.toFixed(3) });
    await app.usdtWatcher.checkOnce();
    expect(await tradeStatus(user, result._id)).toBe('topay');
  });
});
