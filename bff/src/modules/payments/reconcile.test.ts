// Payments whose notify never came (issue 17): the reconciliation job asks the epay platform's
// order-query interface (api.php?act=order), here a local fake gateway, and settles through the
// same path as a notify: once, with the gateway's number, only for the amount asked.
import { createServer, type Server } from 'node:http';
import type { PaymentResult } from '@portal/contracts';
import { SECRET_MASK } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import {
  expectMoneyInvariants,
  GiB,
  newOrder,
  product,
  shopApi,
  userTotals,
  walletCents,
} from '../../../test/money.js';

/** The fake gateway's view of each trade: what api.php answers. */
const gatewayOrders = new Map<string, { status: 0 | 1; money: string; trade_no: string }>();
const queries: URLSearchParams[] = [];
let gateway: Server;
let gatewayUrl: string;
let gatewayDown = false;

let app: FastifyInstance;
let pack: string;

beforeAll(async () => {
  gateway = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    if (gatewayDown) {
      response.writeHead(502).end('bad gateway');
      return;
    }
    queries.push(url.searchParams);
    const order = gatewayOrders.get(url.searchParams.get('out_trade_no') ?? '');
    const valid =
      url.pathname === '/api.php' &&
      url.searchParams.get('act') === 'order' &&
      url.searchParams.get('key') === 'yi-secret-key';
    response.setHeader('content-type', 'application/json');
    if (!valid || order === undefined) {
      response.end(JSON.stringify({ code: -1, msg: '订单不存在' }));
      return;
    }
    response.end(
      JSON.stringify({
        code: 1,
        msg: '查询订单号成功！',
        pid: '1001',
        out_trade_no: url.searchParams.get('out_trade_no'),
        ...order,
      }),
    );
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/`;
  app = await buildTestApp();
  await app.jobs.stop();
  pack = await product(app, { name: '月包', price: 25, traffic: 10 * GiB });
});

afterAll(async () => {
  await expectMoneyInvariants(app);
  await app.close();
  await new Promise((resolve) => gateway.close(resolve));
});

beforeEach(async () => {
  gatewayDown = false;
  await app.settings.set({
    alipay: 'yi',
    epay_platforms: { yi: { gateway: gatewayUrl, pid: '1001', key: 'yi-secret-key' } },
  });
});

/** A buyer's alipay order through the yi platform, its trade made `minutesAgo` minutes ago. */
async function openEpayTrade(minutesAgo: number) {
  const user = await signedInUser(app);
  const order = await newOrder(app, user.cookie, pack);
  const { code, data } = await shopApi(app, user.cookie).dobuy(order._id, { pay_mode: 'alipay' });
  expect(code).toBe(0);
  const tradeId = (data as PaymentResult)._id;
  await app.database.query(`UPDATE trades SET created_at = now() - make_interval(mins => $2::int) WHERE id = $1`, [
    tradeId,
    minutesAgo,
  ]);
  return { user, tradeId };
}
/** The payment.reconciled events (the outbox, modules/notifications) written for a trade. */
const reconciledEvents = async (tradeId: string) =>
  (
    await app.database.query<{ data: { outcome: string; amount: number; provider: string } }>(
      `SELECT data FROM notification_events WHERE event = 'payment.reconciled' AND data->>'tradeId' = $1`,
      [tradeId],
    )
  ).map((row) => row.data);
const statusOf = async (tradeId: string) =>
  (
    await app.database.query<{ status: string; external_id: string | null }>(
      'SELECT status, external_id FROM trades WHERE id = $1',
      [tradeId],
    )
  )[0]!;

describe('epay reconciliation (payments.epay-reconcile)', () => {
  it('sends no key to a gateway address an admin session typed: a moved gateway loses its key', async () => {
    const { tradeId } = await openEpayTrade(10);
    gatewayOrders.set(tradeId, { status: 1, money: '25.00', trade_no: 'YI-MOVED-1' });
    // The same fake gateway under another name stands for the new host: it records what reaches it.
    const newHost = gatewayUrl.replace('127.0.0.1', 'localhost');
    await app.settings.setFromAdmin({ epay_platforms: { yi: { gateway: newHost, pid: '1001', key: SECRET_MASK } } });
    const sent = queries.length;
    await app.jobs.runNow('payments.epay-reconcile');
    expect(queries.slice(sent).map((query) => query.get('key'))).toEqual([]);
    expect(await statusOf(tradeId)).toMatchObject({ status: 'topay' });
    gatewayOrders.delete(tradeId);
  });

  it('settles a trade the gateway says is paid, once, with its trade number; later runs change nothing', async () => {
    const { user, tradeId } = await openEpayTrade(10);
    gatewayOrders.set(tradeId, { status: 1, money: '25.00', trade_no: 'YI-RECON-1' });
    await app.jobs.runNow('payments.epay-reconcile');
    expect(await statusOf(tradeId)).toEqual({ status: 'paied', external_id: 'YI-RECON-1' });
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);
    expect(await app.payments.reconcileEpay(app.db)).toMatchObject({ settled: 0 });
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);
    // The operator is told once, in the settling transaction: a later run adds no event.
    expect(await reconciledEvents(tradeId)).toEqual([
      { tradeId, orderId: expect.any(String), provider: 'yi', amount: 25, outcome: 'paid' },
    ]);
  });

  it('asks with the merchant id and key, and leaves unpaid, unknown and too-young trades open', async () => {
    const unpaid = await openEpayTrade(10);
    gatewayOrders.set(unpaid.tradeId, { status: 0, money: '25.00', trade_no: 'YI-UNPAID' });
    const unknown = await openEpayTrade(10);
    const young = await openEpayTrade(0);
    gatewayOrders.set(young.tradeId, { status: 1, money: '25.00', trade_no: 'YI-YOUNG' });
    queries.length = 0;
    await app.payments.reconcileEpay(app.db);
    expect(queries.some((q) => q.get('out_trade_no') === unpaid.tradeId && q.get('pid') === '1001')).toBe(true);
    expect(queries.some((q) => q.get('out_trade_no') === young.tradeId)).toBe(false);
    for (const t of [unpaid, unknown, young]) expect((await statusOf(t.tradeId)).status).toBe('topay');
  });

  it('refuses an answer for another amount, and skips a gateway that is down until it answers', async () => {
    const cheaper = await openEpayTrade(10);
    gatewayOrders.set(cheaper.tradeId, { status: 1, money: '0.01', trade_no: 'YI-CHEAP' });
    await app.payments.reconcileEpay(app.db);
    expect((await statusOf(cheaper.tradeId)).status).toBe('topay');

    const later = await openEpayTrade(10);
    gatewayOrders.set(later.tradeId, { status: 1, money: '25.00', trade_no: 'YI-LATER' });
    gatewayDown = true;
    await app.payments.reconcileEpay(app.db);
    expect((await statusOf(later.tradeId)).status).toBe('topay');
    gatewayDown = false;
    await app.payments.reconcileEpay(app.db);
    expect((await statusOf(later.tradeId)).status).toBe('paied');
    // Refused and failed runs tell nobody; the one that settles does.
    expect(await reconciledEvents(cheaper.tradeId)).toEqual([]);
    expect(await reconciledEvents(later.tradeId)).toMatchObject([{ outcome: 'paid' }]);
  });

  it('credits a trade paid after its order was cancelled to the wallet, and never asks a plain-http gateway', async () => {
    const { user, tradeId } = await openEpayTrade(10);
    await app.database.query(`UPDATE trades SET status = 'cancled' WHERE id = $1`, [tradeId]);
    await app.database.query(
      `UPDATE orders SET status = 'cancled' WHERE id = (SELECT order_id FROM trades WHERE id = $1)`,
      [tradeId],
    );
    gatewayOrders.set(tradeId, { status: 1, money: '25.00', trade_no: 'YI-LATE' });
    await app.payments.reconcileEpay(app.db);
    expect(await walletCents(app, user.id)).toBe(2500);
    expect(await reconciledEvents(tradeId)).toMatchObject([{ outcome: 'credited_to_wallet', amount: 25 }]);

    const plain = await openEpayTrade(10);
    gatewayOrders.set(plain.tradeId, { status: 1, money: '25.00', trade_no: 'YI-PLAIN' });
    // The same fake gateway, addressed as http://0.0.0.0 (it answers there too): not HTTPS, not loopback by name.
    await app.settings.set({
      epay_platforms: {
        yi: { gateway: gatewayUrl.replace('127.0.0.1', '0.0.0.0'), pid: '1001', key: 'yi-secret-key' },
      },
    });
    queries.length = 0;
    await app.payments.reconcileEpay(app.db);
    expect(queries.map((q) => q.get('out_trade_no'))).toEqual([]);
    expect((await statusOf(plain.tradeId)).status).toBe('topay');
  });

  it('a notify and a reconciliation racing for one trade pay it once', async () => {
    const { user, tradeId } = await openEpayTrade(10);
    gatewayOrders.set(tradeId, { status: 1, money: '25.00', trade_no: 'YI-RACE' });
    const { withEpaySign } = await import('./epay.js');
    const notify = withEpaySign(
      {
        pid: '1001',
        trade_no: 'YI-RACE',
        out_trade_no: tradeId,
        type: 'alipay',
        name: '月包',
        money: '25.00',
        trade_status: 'TRADE_SUCCESS',
      },
      'yi-secret-key',
    );
    await Promise.all([
      app.payments.reconcileEpay(app.db),
      app.inject({ method: 'GET', url: `/api/pay/notify/epay/yi?${new URLSearchParams(notify).toString()}` }),
      app.payments.reconcileEpay(app.db),
    ]);
    expect((await statusOf(tradeId)).status).toBe('paied');
    expect((await userTotals(app, user.id)).traffic).toBe(10 * GiB);
    expect(
      await app.database.query("SELECT id FROM traffic_records WHERE user_id = $1 AND type = 'buy'", [user.id]),
    ).toHaveLength(1);
  });
});
