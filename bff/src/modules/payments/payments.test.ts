import { Codes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import { DomainError } from '../../lib/domain-error.js';
import { hasValidEpaySign, withEpaySign } from './epay.js';
import { paymentsRepository } from './repository.js';
import { createPaymentsService } from './service.js';
import { openTrade, startPayment, TEST_BASE_URL, tradeRow } from './testing/fixtures.js';
import { CONCURRENCY } from '../../../test/concurrency.js';

const TRON_ADDRESS = 'TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm';
const YI = { gateway: 'https://pay.yi.test/', pid: '1001', key: 'yi-secret-key' };

let app: FastifyInstance;
const logs = new LogCapture();

beforeAll(async () => {
  app = await buildTestApp({ logs });
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  await app.settings.set({
    alipay: 'sandbox',
    wxpay: 'sandbox',
    urlscheme: 'sandbox',
    epay_platforms: {},
    notify_url: '',
    usdtpay: '',
  });
});

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function expectUnavailable(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(Codes.PAY_MODE_UNAVAILABLE);
}

describe('shop/pay_modes: what the shop offers', () => {
  const payModesOf = async (cookie?: string) => call<string[]>(app, '/api/shop/pay_modes', {}, { cookie });

  it('lists the methods that can take a payment now, and each one it lists starts', async () => {
    const { cookie } = await signedInUser(app);
    // Defaults: the sandbox serves the three epay methods; USDT has no address.
    expect((await payModesOf(cookie)).result).toMatchObject({ code: Codes.OK, data: ['alipay', 'wxpay', 'urlscheme'] });

    // alipay off, wxpay on a platform without a key, urlscheme on a configured one, USDT with an address.
    await app.settings.set({
      alipay: 'off',
      wxpay: 'feifei',
      urlscheme: 'yi',
      epay_platforms: { yi: YI, feifei: { ...YI, key: '' } },
      usdtpay: TRON_ADDRESS,
    });
    const modes = (await payModesOf(cookie)).result.data;
    expect(modes).toEqual(['usdt', 'urlscheme']);
    for (const payMode of ['alipay', 'wxpay', 'usdt', 'urlscheme'] as const) {
      const started = startPayment(app, await openTrade(app, { payMode, amountCents: 1000 }));
      if (modes!.includes(payMode)) await expect(started).resolves.toBeTruthy();
      else await expectUnavailable(started);
    }
  });

  it('is for signed-in users', async () => {
    const { status, result } = await payModesOf();
    expect(status).toBe(401);
    expect(result.code).toBe(Codes.SESSION_EXPIRED);
  });
});

describe('start: alipay, wxpay and urlscheme', () => {
  it('opens the sandbox gateway by default: payurl = qrcode = a signed submit.php of the portal, notified back to it', async () => {
    const trade = await openTrade(app, { payMode: 'wxpay', amountCents: 1990 });
    const started = await startPayment(app, trade);
    expect(started.provider).toBe('sandbox');
    expect(started.qrcode).toBe(started.payurl);
    expect(started.payurl!.startsWith(`${TEST_BASE_URL}/api/pay/sandbox/submit.php?`)).toBe(true);
    expect(queryOf(started.payurl!)).toMatchObject({
      pid: '1000',
      type: 'wxpay',
      out_trade_no: trade.id,
      money: '19.90',
      name: '测试套餐',
      notify_url: `${TEST_BASE_URL}/api/pay/notify/epay/sandbox`,
      return_url: trade.returnUrl,
      sign_type: 'MD5',
    });
    expect((await tradeRow(app, trade.id)).provider).toBe('sandbox');
  });

  it('wraps the pay page in the alipay scheme for urlscheme', async () => {
    const trade = await openTrade(app, { payMode: 'urlscheme' });
    const started = await startPayment(app, trade);
    expect(queryOf(started.payurl!).type).toBe('alipay');
    expect(started.urlscheme).toBe(
      `alipays://platformapi/startapp?appId=20000067&url=${encodeURIComponent(started.payurl!)}`,
    );
  });

  it('asks a configured epay platform, signed with its key, notified to the notify_url base when set', async () => {
    await app.settings.set({ alipay: 'yi', epay_platforms: { yi: YI }, notify_url: 'https://notify.portal.test/' });
    const trade = await openTrade(app, { payMode: 'alipay', amountCents: 500 });
    const started = await startPayment(app, trade);
    expect(started.provider).toBe('yi');
    expect(started.payurl!.startsWith('https://pay.yi.test/submit.php?')).toBe(true);
    const params = queryOf(started.payurl!);
    expect(params).toMatchObject({
      pid: '1001',
      money: '5.00',
      notify_url: 'https://notify.portal.test/api/pay/notify/epay/yi',
    });
    expect(hasValidEpaySign(params, YI.key)).toBe(true);
    expect(started.payurl).not.toContain(YI.key);
    expect((await tradeRow(app, trade.id)).provider).toBe('yi');
  });

  it('refuses a method that is off or names a platform without gateway, pid and key', async () => {
    await app.settings.set({
      alipay: 'off',
      wxpay: 'feifei',
      epay_platforms: { feifei: { gateway: 'https://f.test/', pid: '1', key: '' } },
    });
    await expectUnavailable(startPayment(app, await openTrade(app, { payMode: 'alipay' })));
    await expectUnavailable(startPayment(app, await openTrade(app, { payMode: 'wxpay' })));
    await app.settings.set({ urlscheme: 'openx' });
    await expectUnavailable(startPayment(app, await openTrade(app, { payMode: 'urlscheme' })));
  });
});

describe('start: USDT', () => {
  it('is unavailable without an address', async () => {
    await expectUnavailable(startPayment(app, await openTrade(app, { payMode: 'usdt' })));
  });

  it('asks the amount over the exchange rate to 0.001 at the address, and expires after usdtCheckTime', async () => {
    await app.settings.set({ usdtpay: TRON_ADDRESS, exchange_rate: 7.2, usdtCheckTime: 20 });
    const trade = await openTrade(app, { payMode: 'usdt', amountCents: 12_345 });
    const started = await startPayment(app, trade);
    // 123.45 / 7.2 = 17.1458… → 17.15
    expect(started).toMatchObject({
      provider: 'usdt',
      usdtAddress: TRON_ADDRESS,
      usdtAmountMilli: 17_150,
      qrcode: TRON_ADDRESS,
    });
    const row = await tradeRow(app, trade.id);
    expect(Number(row.usdt_amount_milli)).toBe(17_150);
    expect(row.usdt_address).toBe(TRON_ADDRESS);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(20 * 60_000);
  });

  it(`gives concurrent open trades of one price different amounts in the third decimal ${CONCURRENCY}`, async () => {
    await app.settings.set({ usdtpay: TRON_ADDRESS, exchange_rate: 7 });
    const trades = await Promise.all(
      Array.from({ length: 12 }, () => openTrade(app, { payMode: 'usdt', amountCents: 700_000 })),
    );
    const started = await Promise.all(trades.map((t) => startPayment(app, t)));
    const amounts = started.map((s) => s.usdtAmountMilli!).sort((a, b) => a - b);
    expect(amounts).toEqual(Array.from({ length: 12 }, (_, i) => 1_000_000 + i));
  });

  it("retries in a savepoint when a concurrent trade took the amount first, keeping the caller's transaction", async () => {
    await app.settings.set({ usdtpay: TRON_ADDRESS, exchange_rate: 5 });
    const first = await openTrade(app, { payMode: 'usdt', amountCents: 5_000 });
    expect((await startPayment(app, first)).usdtAmountMilli).toBe(10_000);
    let calls = 0;
    // The first look misses the amount the other trade holds, as a concurrent transaction would.
    const blind = createPaymentsService({
      settings: app.settings,
      settle: async () => 'unknown_trade',
      repo: {
        ...paymentsRepository,
        openUsdtAmounts: async (tx, from, to) =>
          calls++ === 0 ? new Set() : paymentsRepository.openUsdtAmounts(tx, from, to),
      },
    });
    const second = await openTrade(app, { payMode: 'usdt', amountCents: 5_000 });
    const started = await app.db.transaction(async (tx) => {
      const result = await blind.start(tx, second);
      await paymentsRepository.setProvider(tx, second.id, 'usdt');
      return result;
    });
    expect(calls).toBe(2);
    expect(started.usdtAmountMilli).toBe(10_001);
    expect(Number((await tradeRow(app, second.id)).usdt_amount_milli)).toBe(10_001);
  });
});

describe('sandbox gateway page', () => {
  it('shows product, amount, a QR of itself and the two buttons, for a phone, without script', async () => {
    const trade = await openTrade(app, { amountCents: 4321 });
    const { payurl } = await startPayment(app, trade);
    const page = await app.inject({ method: 'GET', url: pathOf(payurl!), headers: { host: 'portal.test' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('¥43.21');
    expect(html).toContain('测试套餐');
    expect(html).toContain('同意支付');
    expect(html).toContain('拒绝');
    expect(html).toContain('<form method="post" action="decide">');
    expect(html).toMatch(/<svg[^>]*viewBox/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!portal\.test|www\.w3\.org)/);
    const css = await app.inject({ method: 'GET', url: '/api/pay/sandbox/page.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('escapes what it shows', async () => {
    const trade = { ...(await openTrade(app)), subject: '<img src=x onerror=alert(1)>' };
    const { payurl } = await startPayment(app, trade);
    const html = (await app.inject({ method: 'GET', url: pathOf(payurl!) })).body;
    expect(html).not.toContain('<img');
    // (= reaches the gateway in its full-width form: epaySubmitParams.)
    expect(html).toContain('&#60;img src＝x onerror＝alert(1)&#62;');
  });

  it('refuses a changed request and, once no method uses the sandbox, every request', async () => {
    const { payurl } = await startPayment(app, await openTrade(app, { amountCents: 1000 }));
    const tampered = await app.inject({ method: 'GET', url: pathOf(payurl!).replace('money=10.00', 'money=0.01') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('支付请求无效');
    await app.settings.set({ alipay: 'off', wxpay: 'off', urlscheme: 'off' });
    const off = await app.inject({ method: 'GET', url: pathOf(payurl!) });
    expect(off.statusCode).toBe(403);
    expect(off.body).toContain('沙箱支付已关闭');
  });

  it('declines without changing the trade', async () => {
    const trade = await openTrade(app);
    const { payurl } = await startPayment(app, trade);
    const form = new URLSearchParams({ ...queryOf(payurl!), decision: 'decline' });
    const declined = await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
      payload: form.toString(),
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain('已拒绝支付');
    expect(declined.body).toContain(`href="${TEST_BASE_URL}/#/order?alipay_pay"`);
    expect((await tradeRow(app, trade.id)).status).toBe('topay');
  });

  it('refuses a decision posted from another site', async () => {
    const trade = await openTrade(app);
    const { payurl } = await startPayment(app, trade);
    const response = await app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/decide',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ ...queryOf(payurl!), decision: 'approve' }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await tradeRow(app, trade.id)).status).toBe('topay');
  });

  it('does not take a decision by GET', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/pay/sandbox/decide?decision=approve' });
    expect(response.statusCode).toBe(404);
  });
});

describe('epay notify refusals', () => {
  const notifyFor = (tradeId: string, overrides: Record<string, string> = {}, key = YI.key) =>
    withEpaySign(
      {
        pid: YI.pid,
        trade_no: 'YI-1',
        out_trade_no: tradeId,
        type: 'alipay',
        name: 'x',
        money: '10.00',
        trade_status: 'TRADE_SUCCESS',
        ...overrides,
      },
      key,
    );

  async function postNotify(platform: string, params: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: `/api/pay/notify/epay/${platform}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
  }

  it.each([
    ['a bad signature', (id: string) => ({ ...notifyFor(id), money: '0.01' }), 'bad signature'],
    ['a signature made with another key', (id: string) => notifyFor(id, {}, 'guessed'), 'bad signature'],
    ['another merchant', (id: string) => notifyFor(id, { pid: '9999' }), 'pid'],
    [
      'a status other than TRADE_SUCCESS',
      (id: string) => notifyFor(id, { trade_status: 'WAIT_BUYER_PAY' }),
      'trade_status',
    ],
  ])('refuses %s: plain fail, logged with the reason, trade unchanged', async (_name, make, reason) => {
    await app.settings.set({ alipay: 'yi', epay_platforms: { yi: YI } });
    const trade = await openTrade(app);
    await startPayment(app, trade);
    const before = logs.lines.length;
    const response = await postNotify('yi', make(trade.id));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('fail');
    expect((await tradeRow(app, trade.id)).status).toBe('topay');
    const logged = logs.lines.slice(before).find((l) => l.msg === 'payment notify refused');
    expect(logged).toMatchObject({ level: 40, platform: 'yi', outTradeNo: trade.id });
    expect(String(logged!.reason)).toContain(reason);
    expect(JSON.stringify(logs.lines.slice(before))).not.toContain(YI.key);
  });

  it('refuses a platform that is not configured, and the sandbox once it is off, by GET too', async () => {
    const trade = await openTrade(app);
    const get = await app.inject({
      method: 'GET',
      url: `/api/pay/notify/epay/zhifubuluo?${new URLSearchParams(notifyFor(trade.id)).toString()}`,
    });
    expect(get.statusCode).toBe(400);
    expect(get.body).toBe('fail');
    expect((await postNotify('nowhere', notifyFor(trade.id))).body).toBe('fail');
    await app.settings.set({ alipay: 'off', wxpay: 'off', urlscheme: 'off' });
    expect((await postNotify('sandbox', notifyFor(trade.id))).body).toBe('fail');
  });
});
