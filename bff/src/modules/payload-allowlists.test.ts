// QUALITY 2 on the real routes: every user-facing call that takes a payload, sent with extra fields
// naming what the screens never offer (role, traffic, wallet, subscription key, paid flag, order
// money). Each call is made twice from identical starting points, once plain and once with the
// extras: the extras are refused (4001, nothing changed) or ignored (exactly the plain call's
// effect), never applied.
import { Codes, cookieNames, GiB } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  confirmCall,
  confirmPath,
  createUser,
  lastLinkFor,
  signedInUser,
  TEST_USER_PASSWORD,
} from '../../test/api.js';
import { buildTestApp } from '../../test/build-test-app.js';
import { coupon, newOrder, product, shopApi } from '../../test/money.js';
import type { Access } from '../plugins/app/auth.js';
import { PASSKEY_ANSWER_SHAPE, PASSKEY_REGISTRATION_SHAPE } from '../../test/webauthn.js';
import { FAKE_BOT, startFakeBotApi } from './notifications/testing/fake-receivers.js';

const INJECTED_USERKEY = 'f'.repeat(32);

/** What no payload may set: the five, their other spellings, and the money of an order. */
const EXTRAS = {
  type: 'admin',
  traffic: 1e15,
  wallet_money: 1e9,
  walletMoney: 1e9,
  userkey: INJECTED_USERKEY,
  paidUser: true,
  paid_user: true,
  spend_traffic: 0,
  vip_expire_time: '2099-01-01T00:00:00Z',
  email_confirmed: true,
  disabled: false,
  order_money: 0.01,
  pay_money: 0,
  price: 0.01,
  coupon_discount: 1e6,
  wallet_spend: 1e6,
  status: 'paied',
  add_traffic: 1e15,
  user_id: '0'.repeat(24),
};

let app: FastifyInstance;
let trialCode: string;
let cashCode: string;
let combo: string;
let noticeId: string;

let fakeBot: Awaited<ReturnType<typeof startFakeBotApi>>;

beforeAll(async () => {
  // A bot (against a local fake Bot API), so that telegram_bind answers its link.
  fakeBot = await startFakeBotApi();
  app = await buildTestApp({
    env: { ACCOUNT_RATE_MAX: '1000', ACCOUNT_RATE_ADDRESS_MAX: '10000', TELEGRAM_API_BASE: fakeBot.root },
  });
  await app.settings.set({ telegram_bot_token: FAKE_BOT.token });
  combo = await product(app, { name: '十元包', price: 10, traffic: 10 * GiB });
  trialCode = (await coupon(app, { type: 'freeUse', traffic: GiB, numberOfAuthorizations: 1000, useNumPerUser: 1 }))
    .code;
  cashCode = (await coupon(app, { type: 'cash', forMoneyCents: 300, numberOfAuthorizations: 1000, useNumPerUser: 100 }))
    .code;
  noticeId = await app.notices.create({ desc: '通知' });
});

afterAll(async () => {
  await app.close();
  await fakeBot.close();
});

const NUMERIC = new Set(['traffic', 'spend_traffic', 'wallet_money', 'daily_limit', 'daily_time_package_usage']);
const TIMES = new Set(['vip_expire_time']);
/** Differ between two users from the start: only whether they changed can be compared. */
const OWN = new Set([
  'email',
  'userkey',
  'password_hash',
  'cred_uuid',
  'cred_ss_password',
  'cred_ss_key16',
  'cred_ss_key32',
]);
const IGNORED = new Set(['id', 'created_at', 'last_active_at']);

async function userRow(id: string): Promise<Record<string, unknown>> {
  const [row] = await app.database.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]);
  return row!;
}

const minutes = (value: unknown) => (value === null ? null : Math.round(new Date(value as string).getTime() / 60_000));

/** How a user's row changed, in terms two users who started alike can share. */
function change(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of Object.keys(after)) {
    if (IGNORED.has(column)) continue;
    const [b, a] = [before[column], after[column]];
    if (NUMERIC.has(column)) out[column] = a === null ? null : Number(a) - Number(b ?? 0);
    else if (TIMES.has(column)) out[column] = a === null ? null : minutes(a)! - (minutes(b) ?? minutes(new Date())!);
    else if (String(a) === String(b)) out[column] = '=';
    else out[column] = OWN.has(column) ? 'changed' : a;
  }
  return out;
}

/** Everything else a call can write for a user, without ids and times. */
async function recordsOf(userId: string) {
  const q = (text: string) => app.database.query<Record<string, unknown>>(text, [userId]);
  return {
    orders: await q(
      `SELECT "desc", order_money_cents::text, coupon_code, coupon_discount_cents::text, wallet_spend_cents::text, status,
              add_traffic::text, add_vip_duration, user_feedback FROM orders WHERE user_id = $1 ORDER BY created_at, id`,
    ),
    trades: await q(
      'SELECT pay_mode, provider, amount_cents::text, status FROM trades WHERE user_id = $1 ORDER BY created_at, id',
    ),
    ledger: await q('SELECT kind, amount_cents::text FROM wallet_ledger WHERE user_id = $1 ORDER BY id'),
    traffic: await q('SELECT type, traffic_change::text FROM traffic_records WHERE user_id = $1 ORDER BY id'),
    couponUses: await q('SELECT code, is_deleted FROM coupon_uses WHERE user_id = $1 ORDER BY code, is_deleted'),
    signIns: await q('SELECT add_traffic::text FROM sign_ins WHERE user_id = $1'),
    noticeReads: await q('SELECT notice_id FROM notice_reads WHERE user_id = $1'),
    sessions: await q('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1'),
  };
}

/** The records a call added: what is in `after` beyond `before`, per table. */
function added(before: Awaited<ReturnType<typeof recordsOf>>, after: Awaited<ReturnType<typeof recordsOf>>) {
  return Object.fromEntries(
    Object.entries(after).map(([table, rows]) => [
      table,
      table === 'orders' || table === 'sessions' ? rows : rows.slice(before[table as keyof typeof before].length),
    ]),
  );
}

interface SignedInCase {
  url: string;
  /** Sets up what the call needs for this user and returns its plain payload. */
  prepare?: (user: { id: string; cookie: string }) => Promise<Record<string, unknown>>;
  paidUser?: boolean;
  /** Wallet money the user starts with, in cents. */
  walletCents?: number;
}

const orderOf = async (user: { cookie: string }) => ({ order_id: (await newOrder(app, user.cookie, combo))._id });
/** A support ticket of the user's (the reply and refresh calls act on it). */
const ticketOf = async (user: { cookie: string }) => ({
  id: (
    await call<{ _id: string }>(app, '/api/feedback/create', { title: '工单', desc: '描述' }, { cookie: user.cookie })
  ).result.data._id,
});

/** One prize of 1 G in the lottery (the same for both twins, so their draws are alike). */
const onePrize = async () => {
  await app.database.query(
    `INSERT INTO prizes (id, name, gain_traffic, weight) VALUES ('allowlist-prize', '清单奖品', ${GiB}, 1) ON CONFLICT DO NOTHING`,
  );
  return {};
};

const SIGNED_IN_CASES: SignedInCase[] = [
  { url: '/api/user/userinfo' },
  { url: '/api/permission/mypermissions' },
  { url: '/api/user_notive/list' },
  { url: '/api/user_notive/clicked', prepare: async () => ({ noticeId }) },
  { url: '/api/coupon/redeem_coupon', prepare: async () => ({ code: trialCode }) },
  { url: '/api/user/reset_userkey' },
  // The second factor: a user without a staff role is refused alike with and without extras.
  { url: '/api/second_factor/status' },
  { url: '/api/second_factor/enrol_start' },
  { url: '/api/second_factor/enrol_confirm', prepare: async () => ({ code: '000000' }) },
  { url: '/api/second_factor/verify', prepare: async () => ({ code: '000000' }) },
  { url: '/api/second_factor/recovery_codes', prepare: async () => ({ code: '000000' }) },
  { url: '/api/second_factor/remove', prepare: async () => ({ code: '000000' }) },
  // Passkeys: the same user (no staff role, no passkey) with a browser answer of the right shape.
  { url: '/api/second_factor/passkey_options' },
  { url: '/api/second_factor/verify_passkey', prepare: async () => ({ response: PASSKEY_ANSWER_SHAPE }) },
  { url: '/api/second_factor/passkey_register_options' },
  {
    url: '/api/second_factor/passkey_register',
    prepare: async () => ({
      name: '电脑',
      response: PASSKEY_REGISTRATION_SHAPE,
    }),
  },
  { url: '/api/second_factor/passkey_recovery_codes' },
  { url: '/api/second_factor/passkey_remove', prepare: async () => ({ id: 'nope' }) },
  { url: '/api/user/sessions' },
  { url: '/api/user/subscription_devices' },
  { url: '/api/user/notify_settings' },
  { url: '/api/user/change_notify_settings', prepare: async () => ({ mail: true }) },
  { url: '/api/user/telegram_bind' },
  // An id of no device: refused as unknown after the allowlist let it through.
  { url: '/api/user/remove_subscription_device', prepare: async () => ({ id: '0'.repeat(32) }) },
  { url: '/api/user/end_other_sessions' },
  {
    url: '/api/user/end_session',
    // A second device of the user's: its public id.
    prepare: async (u) => {
      await app.sessions.create(u.id, { userAgent: 'second device' });
      const [row] = await app.database.query<{ public_id: string }>(
        "SELECT public_id FROM sessions WHERE user_id = $1 AND user_agent = 'second device'",
        [u.id],
      );
      return { id: row!.public_id };
    },
  },
  { url: '/api/user/sign_use_info', paidUser: true },
  { url: '/api/user/sign_use', paidUser: true },
  { url: '/api/prize/info', paidUser: true },
  { url: '/api/prize/draw', paidUser: true, prepare: onePrize },
  { url: '/api/shop/list' },
  { url: '/api/shop/pay_modes' },
  { url: '/api/shop/create_order', prepare: async () => ({ combo_id: combo }) },
  { url: '/api/coupon/orderUseCoupon', prepare: async (u) => ({ ...(await orderOf(u)), code: cashCode }) },
  {
    url: '/api/coupon/orderCancleCoupon',
    prepare: async (u) => {
      const order = await orderOf(u);
      await shopApi(app, u.cookie).useCoupon(order.order_id, cashCode);
      return order;
    },
  },
  { url: '/api/shop/wallet_check', walletCents: 500, prepare: orderOf },
  { url: '/api/shop/dobuy', prepare: async (u) => ({ ...(await orderOf(u)), pay_mode: 'alipay', isMobile: false }) },
  {
    url: '/api/shop/trade_status',
    prepare: async (u) => {
      const trade = await shopApi(app, u.cookie).dobuy((await orderOf(u)).order_id);
      return { trade_id: trade.data._id };
    },
  },
  { url: '/api/order/order_list' },
  {
    url: '/api/order/cancel_order',
    walletCents: 500,
    prepare: async (u) => {
      const order = await orderOf(u);
      await shopApi(app, u.cookie).walletCheck(order.order_id);
      return order;
    },
  },
  { url: '/api/order/feedback', prepare: async (u) => ({ ...(await orderOf(u)), msg: '请尽快处理' }) },
  { url: '/api/wallet/mywallet', walletCents: 500 },
  { url: '/api/wallet/spend_list', walletCents: 500 },
  {
    url: '/api/wallet/change_reward_adress',
    prepare: async () => ({
      addressType: 'USDT-TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      password: TEST_USER_PASSWORD,
    }),
  },
  {
    url: '/api/wallet/make_charge',
    walletCents: 500,
    prepare: async (u) => {
      await app.settings.set({ min_charge_money: 5 });
      const address = { addressType: 'USDT-ERC20', address: `0x${'ab'.repeat(20)}`, password: TEST_USER_PASSWORD };
      await call(app, '/api/wallet/change_reward_adress', address, { cookie: u.cookie });
      return {};
    },
  },
  { url: '/api/wallet/charge_list' },
  { url: '/api/push/list' },
  {
    url: '/api/push/create',
    prepare: async () => {
      await app.settings.set({ minPushNum: 1 });
      return { pushNumber: 1 };
    },
  },
  {
    url: '/api/push/receive',
    prepare: async () => {
      // A gift of someone else's to receive (each twin its own).
      await app.settings.set({ minPushNum: 1 });
      const sender = await signedInUser(app);
      await app.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [2 * GiB, sender.id]);
      const gift = await call<{ code: string }>(app, '/api/push/create', { pushNumber: 1 }, { cookie: sender.cookie });
      return { code: gift.result.data.code };
    },
  },
  { url: '/api/traffic/my_traffic_records' },
  { url: '/api/channel/channel_info' },
  { url: '/api/channel/reward_list' },
  { url: '/api/channel/invited_users' },
  {
    url: '/api/user/change_use_info',
    prepare: async (u) => {
      const [row] = await app.database.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [u.id]);
      return { email: row!.email, icon: '', inXinjiang: true, in_foreign: true, use_english_node: true };
    },
  },
  {
    url: '/api/user/unbind',
    prepare: async (u) => {
      await app.database.query("UPDATE users SET telegram_id = '42', telegram_name = 'tg' WHERE id = $1", [u.id]);
      return {};
    },
  },
  { url: '/api/user/apple_ids', paidUser: true },
  { url: '/api/feedback/my_list' },
  { url: '/api/feedback/create', prepare: async () => ({ title: '无法连接', desc: '节点都连不上', imageUrl: '' }) },
  { url: '/api/feedback/response', prepare: async (u) => ({ ...(await ticketOf(u)), desc: '补充', imageUrl: '' }) },
  { url: '/api/feedback/refresh', prepare: ticketOf },
  { url: '/api/host/get' },
  { url: '/api/agent/agent_list' },
  { url: '/api/user/logout' },
];

/** Calls tested in their own tests below (they act without a session or create the account). */
const PUBLIC_CASES = [
  '/api/user/signup',
  '/api/user/login',
  '/api/user/reset_password',
  '/api/user/get_email',
  '/api/user/adopt_token',
  // Refuses extra fields (additionalProperties: false): modules/second-factor/second-factor.test.ts.
  '/api/user/login_second_factor',
  // The same for the passkey's second step: modules/second-factor/passkeys.test.ts.
  '/api/user/login_passkey_options',
  '/api/user/login_passkey',
];

/**
 * POST routes under /api that are not envelope calls: their bodies are not user payloads (the
 * upload's multipart fields are checked in modules/uploads/uploads.test.ts).
 */
const NOT_ENVELOPE = [
  '/api/pay/notify/epay/:platform',
  '/api/pay/sandbox/decide',
  '/api/file/upload',
  // Telegram's servers post the bot's updates (webhook mode): the update is grammY's to read.
  '/api/telegram/webhook',
];

/** A user without a staff role may call it, by the access the route declares (nodes and staff-only calls are not theirs). */
const forUsers = (access: Access) =>
  access === 'public' ||
  access === 'user' ||
  (Array.isArray(access) && (access.includes('normal') || access.includes('channel')));

async function twin(c: SignedInCase) {
  const user = await signedInUser(app, { paidUser: c.paidUser ?? false });
  await app.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [5 * GiB, user.id]);
  // Withdrawable money (shop credit pays orders but is never withdrawn, so make_charge needs this).
  if (c.walletCents !== undefined) await app.wallet.adjust(user.id, c.walletCents, 'test deposit', c.walletCents);
  const payload = (await c.prepare?.(user)) ?? {};
  return { ...user, payload, row: await userRow(user.id), records: await recordsOf(user.id) };
}

describe('QUALITY 2: extra fields on every user-facing call', () => {
  it('covers every public and signed-in envelope call of the server', () => {
    const covered = new Set([...SIGNED_IN_CASES.map((c) => c.url), ...PUBLIC_CASES]);
    const calls = app.apiRoutes.filter(
      (r) => r.methods.includes('POST') && forUsers(r.access) && !NOT_ENVELOPE.includes(r.url),
    );
    expect(calls.map((r) => r.url).filter((url) => !covered.has(url))).toEqual([]);
  });

  it.each(SIGNED_IN_CASES.map((c) => [c.url, c] as const))(
    '%s: the extras are refused or ignored, never applied',
    async (_url, c) => {
      const plain = await twin(c);
      const extra = await twin(c);
      const a = await call(app, c.url, plain.payload, { cookie: plain.cookie });
      const b = await call(app, c.url, { ...extra.payload, ...EXTRAS }, { cookie: extra.cookie });
      const rowA = await userRow(plain.id);
      const rowB = await userRow(extra.id);
      const recordsB = await recordsOf(extra.id);
      // None of the injected values landed, whatever the answer.
      expect(rowB.type).toBe('normal');
      expect(rowB.userkey).not.toBe(INJECTED_USERKEY);
      expect(Number(rowB.traffic)).toBeLessThan(1e12);
      expect(Number(rowB.wallet_money)).toBeLessThanOrEqual(500);
      expect(rowB.paid_user).toBe(c.paidUser ?? false);
      if (b.result.code === Codes.INVALID_PAYLOAD) {
        // Refused by the schema: nothing at all changed.
        expect(b.status).toBe(400);
        expect(change(extra.row, rowB)).toEqual(change(extra.row, extra.row));
        expect(recordsB).toEqual(extra.records);
      } else {
        // Ignored: exactly what the plain call did.
        expect(a.result.code, a.result.msg).toBe(0);
        expect(b.result.code, b.result.msg).toBe(a.result.code);
        expect(change(extra.row, rowB)).toEqual(change(plain.row, rowA));
        expect(added(extra.records, recordsB)).toEqual(added(plain.records, await recordsOf(plain.id)));
      }
    },
  );
});

describe('QUALITY 2: extra fields on the calls made without a session', () => {
  const userByEmail = async (email: string) => {
    const [row] = await app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return userRow(row!.id);
  };

  it('signup: the new account gets no role, traffic, wallet, key or paid flag from the payload', async () => {
    const form = (email: string) => ({ email, password: 'signup-password', icon_url: '/logo.png', host: 'localhost' });
    const a = await call(app, '/api/user/signup', form('plain-signup@example.com'));
    const b = await call(app, '/api/user/signup', { ...form('extra-signup@example.com'), ...EXTRAS });
    expect(a.result.code).toBe(0);
    const plain = await userByEmail('plain-signup@example.com');
    if (b.result.code === Codes.INVALID_PAYLOAD) {
      expect(await app.database.query("SELECT id FROM users WHERE email = 'extra-signup@example.com'")).toEqual([]);
      return;
    }
    expect(b.result.code).toBe(0);
    const extra = await userByEmail('extra-signup@example.com');
    expect(extra.userkey).not.toBe(INJECTED_USERKEY);
    for (const column of [
      'type',
      'traffic',
      'spend_traffic',
      'wallet_money',
      'paid_user',
      'vip_expire_time',
      'email_confirmed',
    ]) {
      expect(String(extra[column]), column).toBe(String(plain[column]));
    }
    // Confirming the account does not apply them either.
    const link = await lastLinkFor(app, 'extra-signup@example.com');
    expect((await confirmCall(app, confirmPath(link.action), link)).body.Code).toBe(0);
    const confirmed = await userByEmail('extra-signup@example.com');
    expect([confirmed.type, Number(confirmed.traffic), Number(confirmed.wallet_money), confirmed.paid_user]).toEqual([
      plain.type,
      0,
      0,
      false,
    ]);
  });

  it('login, adopt_token, get_email and reset_password change nothing of the account from extra fields', async () => {
    const id = await createUser(app, { email: 'public-calls@example.com', password: 'public-password-1' });
    const before = await userRow(id);
    const link = `https://sub.example.com/api/subscript/clash/${id}/${String(before.userkey)}`;

    const login = await call(app, '/api/user/login', {
      email: 'public-calls@example.com',
      password: 'public-password-1',
      ...EXTRAS,
    });
    expect([0, Codes.INVALID_PAYLOAD]).toContain(login.result.code);
    const token = (await app.sessions.create(id)).token;
    const adopt = await call(app, '/api/user/adopt_token', { token, ...EXTRAS });
    expect([0, Codes.INVALID_PAYLOAD]).toContain(adopt.result.code);
    const email = await call(app, '/api/user/get_email', { describUrl: link, ...EXTRAS });
    expect([0, Codes.INVALID_PAYLOAD]).toContain(email.result.code);
    const reset = await call(app, '/api/user/reset_password', {
      email: 'public-calls@example.com',
      password: 'a-new-password-1',
      describUrl: link,
      ...EXTRAS,
    });
    expect([0, Codes.INVALID_PAYLOAD]).toContain(reset.result.code);
    if (reset.result.code === 0) {
      const mailed = await lastLinkFor(app, 'public-calls@example.com');
      expect((await confirmCall(app, confirmPath(mailed.action), mailed)).body.Code).toBe(0);
    }

    const after = await userRow(id);
    const changed = change(before, after);
    // Only the password may change (through the mailed link), nothing the extras name.
    expect({ ...changed, password_hash: '=' }).toEqual(change(before, before));
    // The sessions are real sessions of this account, not of the injected user_id.
    const sessions = await app.database.query<{ user_id: string }>('SELECT user_id FROM sessions WHERE user_id = $1', [
      EXTRAS.user_id,
    ]);
    expect(sessions).toEqual([]);
    if (login.result.code === 0) {
      const sid = login.response.cookies.find((c) => c.name === cookieNames.session);
      expect(sid).toBeDefined();
    }
  });
});
