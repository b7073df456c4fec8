// Issue 28: events written with what caused them, fanned out once, delivered to a signed webhook,
// Telegram chats (a fake Bot API) and mail, retried after failures and resent by an operator; the
// traffic and plan events once per crossing; the bot binds a user through /start <code>.
import { createHmac } from 'node:crypto';
import type { NotificationDelivery, NotifySettings, TelegramBindLink } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin, startAdminApp, type Admin } from '../../../test/admin.js';
import { encodeRequest } from '@portal/contracts';
import { call, confirmCall, confirmPath, lastLinkFor, signedInUser, TEST_USER_PASSWORD } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { GiB, newOrder, product, shopApi } from '../../../test/money.js';
import { RETRY_DELAYS_MS } from './index.js';
import { FAKE_BOT, startFakeBotApi, startWebhookReceiver } from './testing/fake-receivers.js';

let app: FastifyInstance;
let admin: Admin;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let bot: Awaited<ReturnType<typeof startFakeBotApi>>;
const SECRET = 'webhook-test-secret';

beforeAll(async () => {
  hook = await startWebhookReceiver();
  bot = await startFakeBotApi();
  ({ app, admin } = await startAdminApp({
    // The jobs run when the test says (runNow), not on their timers. The receiver's timeout is
    // long enough for a busy machine's local answer, short enough for the test that hangs.
    env: {
      NOTIFY_INTERVAL_MS: '3600000',
      WEBHOOK_TIMEOUT_MS: '2000',
      TELEGRAM_API_BASE: bot.root,
      TELEGRAM_POLL_SECONDS: '0',
    },
  }));
});
afterAll(async () => {
  await app.close();
  await hook.close();
  await bot.close();
});
beforeEach(async () => {
  // Each test counts its own: earlier events are delivered or dropped first.
  await app.database.query('DELETE FROM notification_events');
  hook.received.length = 0;
  bot.sent.length = 0;
  hook.answer('ok');
});

const setConfig = async (values: Record<string, unknown>) => {
  const result = await admin.post('/api/admin/config/set_config', values);
  expect(result.code, result.msg).toBe(0);
};
const deliver = () => app.jobs.runNow('notifications');
const poll = () => app.jobs.runNow('telegram-updates');
const eventsOf = async (event: string, userId?: string) =>
  app.database.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT id, data FROM notification_events WHERE event = $1 ${userId === undefined ? '' : 'AND user_id = $2'} ORDER BY created_at`,
    userId === undefined ? [event] : [event, userId],
  );
const deliveries = async (payload: object = {}) => {
  const result = await admin.post<NotificationDelivery[]>('/api/admin/notifications/deliveries', payload);
  expect(result.code, result.msg).toBe(0);
  return result.data;
};
const post = async <T>(cookie: string, path: string, payload: object = {}) =>
  (await call<T>(app, path, payload, { cookie })).result;
const newTicket = async (cookie: string, title = '无法连接') => {
  const created = await post<{ _id: string }>(cookie, '/api/feedback/create', { title, desc: '所有节点都超时' });
  expect(created.code, created.msg).toBe(0);
  return created.data._id;
};

describe('the webhook', () => {
  beforeAll(() => setConfig({ webhook_url: hook.url, webhook_secret: SECRET, webhook_events: [] }));

  it('gets each event once, signed with the secret, only when the job runs', async () => {
    const user = await signedInUser(app);
    await newTicket(user.cookie);
    // Written with the ticket, nothing sent by the user's call itself.
    expect(await eventsOf('ticket.created', user.id)).toHaveLength(1);
    expect(hook.received).toHaveLength(0);

    await deliver();
    expect(hook.received).toHaveLength(1);
    const [{ headers, body }] = hook.received as [(typeof hook.received)[number]];
    // The receiver checks the signature with its copy of the secret.
    expect(headers['x-webhook-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`);
    const sent = JSON.parse(body) as { id: string; event: string; createdAt: string; data: Record<string, unknown> };
    expect(sent).toMatchObject({
      event: 'ticket.created',
      data: { userId: user.id, email: user.email, title: '无法连接' },
    });
    expect(headers['x-webhook-id']).toBe(sent.id);
    expect(JSON.stringify(sent)).not.toMatch(/password|userkey/i);

    await deliver();
    expect(hook.received).toHaveLength(1);
    const [row] = await deliveries({ channel: 'webhook' });
    expect(row).toMatchObject({
      eventId: sent.id,
      event: 'ticket.created',
      status: 'sent',
      attempts: 1,
      target: hook.url,
    });
  });

  it('retries after a 503 and a timeout with the same id, later and later, then gives up; an operator resends', async () => {
    const user = await signedInUser(app);
    await newTicket(user.cookie);
    hook.answer(503);
    await deliver();
    let [row] = await deliveries({ channel: 'webhook' });
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastAnswer).toMatch(/^503/);
    // The next try is about a minute later; not before.
    const wait = new Date(row!.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(RETRY_DELAYS_MS[0]! - 5_000);
    await deliver();
    expect(hook.received).toHaveLength(1);

    const due = () =>
      app.database.query("UPDATE notification_deliveries SET next_attempt_at = now() WHERE status = 'pending'");
    hook.answer('hang');
    await due();
    await deliver();
    [row] = await deliveries({ channel: 'webhook' });
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastAnswer: 'timeout after 2000 ms' });
    expect(new Date(row!.nextAttemptAt!).getTime() - Date.now()).toBeGreaterThan(RETRY_DELAYS_MS[1]! - 5_000);

    hook.answer(500);
    for (let attempt = 3; attempt <= RETRY_DELAYS_MS.length + 1; attempt += 1) {
      await due();
      await deliver();
    }
    [row] = await deliveries({ channel: 'webhook' });
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1, nextAttemptAt: null });
    expect(await deliveries({ status: 'failed' })).toHaveLength(1);
    const ids = new Set(hook.received.map((r) => r.headers['x-webhook-id']));
    expect(ids.size).toBe(1);

    hook.answer('ok');
    const resent = await admin.post('/api/admin/notifications/resend', { id: row!.id });
    expect(resent.code, resent.msg).toBe(0);
    await deliver();
    [row] = await deliveries({ channel: 'webhook' });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(hook.received.at(-1)!.headers['x-webhook-id']).toBe([...ids][0]);
    expect((await admin.post('/api/admin/notifications/resend', { id: 999_999_999 })).code).toBe(4004);
  });

  it('gives up at once on a refusal (4xx), but retries a rate limit (429)', async () => {
    const user = await signedInUser(app);
    hook.answer(410);
    await newTicket(user.cookie);
    await deliver();
    expect((await deliveries({ channel: 'webhook' }))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    hook.answer(429);
    await newTicket(user.cookie);
    await deliver();
    expect((await deliveries({ channel: 'webhook' }))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('sends only the chosen events', async () => {
    await setConfig({ webhook_events: ['withdrawal.requested'] });
    const user = await signedInUser(app);
    await newTicket(user.cookie);
    await deliver();
    expect(hook.received).toHaveLength(0);
    await setConfig({ webhook_events: [] });
    const refused = await admin.post('/api/admin/config/set_config', { webhook_events: ['user.password_changed'] });
    expect(refused.code).not.toBe(0);
  });

  it('an operator sends a test event; the delivery screen is for staff with the permission', async () => {
    expect((await admin.post('/api/admin/notifications/test')).code).toBe(0);
    await deliver();
    expect(JSON.parse(hook.received.at(-1)!.body)).toMatchObject({ event: 'webhook.test', data: { by: admin.email } });
    const user = await signedInUser(app);
    expect((await post(user.cookie, '/api/admin/notifications/deliveries')).code).toBe(4003);
    const ops = await signedInUser(app, { type: 'yunying' });
    expect((await post(ops.cookie, '/api/admin/notifications/resend', { id: 1 })).code).toBe(4003);
  });
});

describe('traffic and plan events', () => {
  const push = (agentId: string, reportId: string, userId: string, bytes: number) =>
    app.usage.recordReport({ agentId, reportId, lineScale: 1, usages: [{ userId, upload: 0, download: bytes }] });

  it('sends traffic_low once at 80 % and traffic_exhausted once when used up, whatever the number of pushes', async () => {
    const user = await signedInUser(app);
    await app.database.query('UPDATE users SET traffic = $1, spend_traffic = 0 WHERE id = $2', [10 * GiB, user.id]);
    const agent = `t-${user.id}`;
    await app.database.query(`INSERT INTO agents (id, name, country) VALUES ($1, '流量节点', '{"name":"日本"}')`, [
      agent,
    ]);
    await push(agent, 'r1', user.id, 5 * GiB);
    expect(await eventsOf('user.traffic_low', user.id)).toHaveLength(0);
    await push(agent, 'r2', user.id, 3.5 * GiB);
    await push(agent, 'r3', user.id, 0.5 * GiB);
    // The same report again changes nothing.
    await push(agent, 'r2', user.id, 3.5 * GiB);
    const low = await eventsOf('user.traffic_low', user.id);
    expect(low).toHaveLength(1);
    expect(low[0]!.data).toMatchObject({ percent: 85, totalBytes: 10 * GiB });
    await push(agent, 'r4', user.id, 2 * GiB);
    await push(agent, 'r5', user.id, 1 * GiB);
    expect(await eventsOf('user.traffic_exhausted', user.id)).toHaveLength(1);
    expect(await eventsOf('user.traffic_low', user.id)).toHaveLength(1);
    // A new package puts them under 80 % again: the next crossing is told again.
    await app.database.query('UPDATE users SET traffic = traffic + $1 WHERE id = $2', [40 * GiB, user.id]);
    await push(agent, 'r6', user.id, 31 * GiB);
    expect(await eventsOf('user.traffic_low', user.id)).toHaveLength(2);
  });

  it('sends plan_expiring once 3 days before and once 1 day before, per plan', async () => {
    const user = await signedInUser(app);
    const expireIn = (hours: number) =>
      app.database.query(`UPDATE users SET vip_expire_time = now() + interval '${hours} hours' WHERE id = $1`, [
        user.id,
      ]);
    await expireIn(24 * 2.5);
    await app.notifications.watch(app.db);
    await app.notifications.watch(app.db);
    expect((await eventsOf('user.plan_expiring', user.id)).map((e) => e.data.daysLeft)).toEqual([3]);
    await app.database.query("UPDATE users SET vip_expire_time = vip_expire_time - interval '2 days' WHERE id = $1", [
      user.id,
    ]);
    await app.notifications.watch(app.db);
    await app.notifications.watch(app.db);
    expect((await eventsOf('user.plan_expiring', user.id)).map((e) => e.data.daysLeft)).toEqual([3, 1]);
  });

  it('tells staff once when a node falls silent and once when it is back', async () => {
    const id = `n-${Date.now()}`;
    await app.database.query(
      'INSERT INTO agents (id, name, country, last_report_at) VALUES ($1, \'东京 1\', \'{"name":"日本","flag":"🇯🇵"}\', now() - interval \'10 minutes\')',
      [id],
    );
    await app.notifications.watch(app.db);
    await app.notifications.watch(app.db);
    const offline = (await eventsOf('node.offline')).filter((e) => e.data.nodeId === id);
    expect(offline).toHaveLength(1);
    expect(offline[0]!.data).toMatchObject({ name: '东京 1' });
    await app.database.query('UPDATE agents SET last_report_at = now() WHERE id = $1', [id]);
    await app.notifications.watch(app.db);
    await app.notifications.watch(app.db);
    expect((await eventsOf('node.online')).filter((e) => e.data.nodeId === id)).toHaveLength(1);
  });
});

describe('Telegram', () => {
  beforeAll(() => setConfig({ webhook_url: '', telegram_bot_token: FAKE_BOT.token }));

  const bindLink = async (cookie: string) => {
    const link = await post<TelegramBindLink>(cookie, '/api/user/telegram_bind');
    expect(link.code, link.msg).toBe(0);
    const url = new URL(link.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${FAKE_BOT.username}`);
    return url.searchParams.get('start')!;
  };
  const settingsOf = async (cookie: string) => (await post<NotifySettings>(cookie, '/api/user/notify_settings')).data;

  it('binds a user through /start <code>, sends them their events, and /unbind ends it', async () => {
    const user = await signedInUser(app);
    const code = await bindLink(user.cookie);
    bot.say(7001, `/start ${code}`);
    await poll();
    expect(bot.sent.at(-1)).toMatchObject({ chat_id: '7001', text: expect.stringContaining('已绑定账户') });
    expect(await settingsOf(user.cookie)).toMatchObject({
      telegramEnabled: true,
      telegramBound: true,
      telegramName: 'alice_tg',
    });
    // The code works once.
    bot.say(7002, `/start ${code}`);
    await poll();
    expect(bot.sent.at(-1)).toMatchObject({ chat_id: '7002', text: '绑定链接无效或已过期，请在用户中心重新生成。' });

    // A staff answer to the user's ticket reaches their chat (and their mail).
    const ticket = await newTicket(user.cookie, '我的工单');
    expect((await admin.post('/api/feedback/response', { id: ticket, desc: '已处理' })).code).toBe(0);
    await deliver();
    expect(bot.sent.filter((m) => m.chat_id === '7001').at(-1)!.text).toContain('你的工单「我的工单」有新回复');
    const mail = await deliveries({ channel: 'mail' });
    expect(mail.find((d) => d.target === user.email && d.event === 'ticket.answered')).toMatchObject({
      status: 'sent',
    });

    bot.say(7001, '/unbind');
    await poll();
    expect(bot.sent.at(-1)).toMatchObject({ chat_id: '7001', text: '已解除绑定。' });
    expect(await settingsOf(user.cookie)).toMatchObject({ telegramBound: false });
  });

  it('refuses an expired code', async () => {
    const user = await signedInUser(app);
    const code = await bindLink(user.cookie);
    await app.database.query("UPDATE telegram_bind_codes SET expires_at = now() - interval '1 second'");
    bot.say(7003, `/start ${code}`);
    await poll();
    expect(bot.sent.at(-1)).toMatchObject({ chat_id: '7003', text: '绑定链接无效或已过期，请在用户中心重新生成。' });
    expect(await settingsOf(user.cookie)).toMatchObject({ telegramBound: false });
  });

  it('sends staff events to staff who chose them and whose permissions allow them, never to others', async () => {
    const owner = await signedInAdmin(app);
    bot.say(7101, `/start ${await bindLink(owner.cookie)}`);
    const ops = await signedInUser(app, { type: 'yunying' });
    bot.say(7102, `/start ${await bindLink(ops.cookie)}`);
    const plain = await signedInUser(app);
    bot.say(7103, `/start ${await bindLink(plain.cookie)}`);
    await poll();
    // A user who forges topics into their row gets nothing: they are not staff.
    await app.database.query(`UPDATE users SET telegram_topics = '["ticket.created"]' WHERE id = $1`, [plain.id]);
    // Operations staff may not read tickets: the topic is not theirs to choose.
    const opsSettings = await post<NotifySettings>(ops.cookie, '/api/user/change_notify_settings', {
      topics: ['ticket.created'],
    });
    expect(opsSettings.data.staffTopics.map((t) => t.key)).not.toContain('ticket.created');
    expect((await settingsOf(owner.cookie)).staffTopics.find((t) => t.key === 'ticket.created')).toMatchObject({
      chosen: true,
    });

    await newTicket((await signedInUser(app)).cookie, '新问题');
    await deliver();
    const chats = bot.sent.filter((m) => m.text.includes('新工单')).map((m) => m.chat_id);
    expect(chats).toEqual(['7101']);

    // The admin turns the topic off: no more.
    await post(owner.cookie, '/api/user/change_notify_settings', { topics: [] });
    bot.sent.length = 0;
    await newTicket((await signedInUser(app)).cookie, '又一个');
    await deliver();
    expect(bot.sent.filter((m) => m.text.includes('新工单'))).toEqual([]);
  });

  it('with 后台人员必须开启两步验证 on, staff without a factor get no staff events and have no staff topics', async () => {
    const owner = await signedInAdmin(app);
    bot.say(7201, `/start ${await bindLink(owner.cookie)}`);
    await poll();
    expect((await settingsOf(owner.cookie)).staffTopics.map((t) => t.key)).toContain('ticket.created');
    await app.settings.set({ staff_second_factor_required: true });
    try {
      expect((await settingsOf(owner.cookie)).staffTopics).toEqual([]);
      bot.sent.length = 0;
      await newTicket((await signedInUser(app)).cookie, '无验证的员工');
      await deliver();
      expect(bot.sent.filter((m) => m.chat_id === '7201' && m.text.includes('新工单'))).toEqual([]);
    } finally {
      await app.settings.set({ staff_second_factor_required: false });
    }
  });

  it('sends no mail to a user who switched it off', async () => {
    const user = await signedInUser(app);
    expect(
      (await post<NotifySettings>(user.cookie, '/api/user/change_notify_settings', { mail: false })).data.mail,
    ).toBe(false);
    const ticket = await newTicket(user.cookie, '不要邮件');
    expect((await admin.post('/api/feedback/response', { id: ticket, desc: '好的' })).code).toBe(0);
    await deliver();
    expect((await deliveries({ channel: 'mail' })).filter((d) => d.target === user.email)).toEqual([]);
  });
});

describe('Telegram in webhook mode (PUBLIC_BASE_URL is https)', () => {
  let hooked: FastifyInstance;
  let hookedBot: Awaited<ReturnType<typeof startFakeBotApi>>;
  beforeAll(async () => {
    hookedBot = await startFakeBotApi();
    hooked = await buildTestApp({
      env: {
        PUBLIC_BASE_URL: 'https://portal.example.com',
        TELEGRAM_API_BASE: hookedBot.root,
        TELEGRAM_POLL_SECONDS: '0',
      },
    });
    await hooked.settings.set({ telegram_bot_token: FAKE_BOT.token });
  });
  afterAll(async () => {
    await hooked.close();
    await hookedBot.close();
  });
  const post = (update: unknown, secret?: string) =>
    hooked.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: update as object,
      headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
    });

  it('sets the webhook with a secret token, and binds a user from an update Telegram posts', async () => {
    await hooked.jobs.runNow('telegram-updates');
    await hooked.jobs.runNow('telegram-updates');
    expect(hookedBot.webhooks).toHaveLength(1);
    const [{ url, secret_token: secret }] = hookedBot.webhooks as [{ url: string; secret_token: string }];
    expect(url).toBe('https://portal.example.com/api/telegram/webhook');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    const user = await signedInUser(hooked);
    const link = await call<TelegramBindLink>(hooked, '/api/user/telegram_bind', {}, { cookie: user.cookie });
    const code = new URL(link.result.data.url).searchParams.get('start')!;
    // Without the secret, or with another, nothing is handled.
    expect((await post(hookedBot.messageUpdate(7201, `/start ${code}`))).statusCode).toBe(401);
    expect((await post(hookedBot.messageUpdate(7201, `/start ${code}`), 'f'.repeat(64))).statusCode).toBe(401);
    expect((await post({ nothing: true }, secret)).statusCode).toBe(400);
    expect(hookedBot.sent).toHaveLength(0);

    expect((await post(hookedBot.messageUpdate(7201, `/start ${code}`), secret)).statusCode).toBe(200);
    expect(hookedBot.sent.at(-1)).toMatchObject({ chat_id: '7201', text: expect.stringContaining('已绑定账户') });
    const settings = await call<NotifySettings>(hooked, '/api/user/notify_settings', {}, { cookie: user.cookie });
    expect(settings.result.data).toMatchObject({ telegramBound: true });
  });
});

describe('each cause writes its event once', () => {
  const once = async (event: string, userId?: string) => {
    const rows = await eventsOf(event, userId);
    expect(rows, event).toHaveLength(1);
    return rows[0]!.data;
  };

  it('user.registered when the address is confirmed, not at sign-up, and not again', async () => {
    const email = `reg-${Date.now()}@example.com`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: encodeRequest({ email, password: 'good-password-1' }),
    });
    expect(signup.statusCode).toBe(200);
    expect(await eventsOf('user.registered')).toHaveLength(0);
    const link = await lastLinkFor(app, email);
    expect(
      (await confirmCall(app, confirmPath(link.action), { serial_id: link.serial_id, key: link.key })).body.Code,
    ).toBe(0);
    await confirmCall(app, confirmPath(link.action), { serial_id: link.serial_id, key: link.key });
    expect(await once('user.registered')).toMatchObject({ email });
  });

  it('order.paid when the wallet pays an order', async () => {
    const user = await signedInUser(app);
    await app.wallet.adjust(user.id, 2000, 'test credit');
    const combo = await product(app, { name: '通知包', price: 10, traffic: GiB });
    const shop = shopApi(app, user.cookie);
    const order = await newOrder(app, user.cookie, combo);
    expect((await shop.walletCheck(order._id)).code).toBe(0);
    expect((await shop.dobuy(order._id)).code).toBe(0);
    expect(await once('order.paid', user.id)).toMatchObject({
      orderId: order._id,
      product: '通知包',
      amount: 10,
      provider: 'wallet',
    });
  });

  it('withdrawal.requested and withdrawal.settled (to staff and the user)', async () => {
    await setConfig({ min_charge_money: 1 });
    const user = await signedInUser(app);
    await app.wallet.adjust(user.id, 500, 'test rebate', 500);
    const address = await post(user.cookie, '/api/wallet/change_reward_adress', {
      addressType: 'USDT-TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      password: TEST_USER_PASSWORD,
    });
    expect(address.code, address.msg).toBe(0);
    await app.database.query("UPDATE users SET wallet_address_changed_at = now() - interval '2 days' WHERE id = $1", [
      user.id,
    ]);
    const charge = await post<{ _id: string }>(user.cookie, '/api/wallet/make_charge', {});
    expect(charge.code, charge.msg).toBe(0);
    expect(await once('withdrawal.requested', user.id)).toMatchObject({ amount: 5, held: false, email: user.email });
    expect(
      (await admin.post('/api/admin/charge/checkout_charge', { charge_id: charge.data._id, txid: 'tx-1' })).code,
    ).toBe(0);
    await admin.post('/api/admin/charge/checkout_charge', { charge_id: charge.data._id, txid: 'tx-2' });
    expect(await once('withdrawal.settled', user.id)).toMatchObject({ amount: 5, txid: 'tx-1' });
  });

  it('ticket.replied by the owner, gift.received for the sender', async () => {
    const user = await signedInUser(app);
    const ticket = await newTicket(user.cookie);
    expect((await post(user.cookie, '/api/feedback/response', { id: ticket, desc: '补充一下' })).code).toBe(0);
    expect(await once('ticket.replied', user.id)).toMatchObject({ ticketId: ticket, email: user.email });
    expect(await eventsOf('ticket.answered', user.id)).toHaveLength(0);

    await setConfig({ minPushNum: 1 });
    const sender = await signedInUser(app);
    await app.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [5 * GiB, sender.id]);
    const gift = await post<{ code: string }>(sender.cookie, '/api/push/create', { pushNumber: 2 });
    expect(gift.code, gift.msg).toBe(0);
    expect((await post(user.cookie, '/api/push/receive', { code: gift.data.code })).code).toBe(0);
    await post(user.cookie, '/api/push/receive', { code: gift.data.code });
    expect(await once('gift.received', sender.id)).toMatchObject({ amountGb: 2 });
  });

  it('payment.refused once per platform and reason in ten minutes; none for a platform nobody configured', async () => {
    for (let i = 0; i < 3; i += 1) {
      await app.inject({
        method: 'GET',
        url: `/api/pay/notify/epay/sandbox?out_trade_no=T${i}&trade_status=TRADE_SUCCESS&sign=${'0'.repeat(32)}`,
      });
    }
    await app.inject({ method: 'GET', url: '/api/pay/notify/epay/nobody?out_trade_no=T9' });
    expect(await once('payment.refused')).toMatchObject({ provider: 'sandbox' });
  });

  it('job.stalled once per stall', async () => {
    await app.jobs.reportStall('orders.expire', '2026-11-29T00:00:00.000Z');
    await app.jobs.reportStall('orders.expire', '2026-11-29T00:00:00.000Z');
    expect(await once('job.stalled')).toMatchObject({ job: 'orders.expire' });
  });
});
