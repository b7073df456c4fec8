import { Buffer } from 'node:buffer';
import {
  Codes,
  decodeJson,
  encodeRequest,
  type AdminEntry,
  type AdminLine,
  type AdminPermission,
  type AgentSaved,
  type Combo,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomHex } from '../src/lib/random.js';
import { NODE_API_PREFIX } from '../src/modules/node-api/index.js';
import { createNode, type TestNode } from '../src/modules/node-api/testing/fixtures.js';
import { agentInput, comboUpdate, couponInput, entryInput, lineInput, signedInAdmin, type Admin } from './admin.js';
import { call, lastLinkFor, signedInUser, TEST_USER_PASSWORD } from './api.js';
import { buildTestApp, TEST_ADMIN } from './build-test-app.js';
import { coupon, GiB, newOrder, product, shopApi } from './money.js';
import { PASSKEY_ANSWER_SHAPE, PASSKEY_REGISTRATION_SHAPE } from './webauthn.js';

/**
 * QUALITY 10, "never returned by any call": every route of the server is called (envelope calls
 * as a signed-in user and as an admin, the others as their callers do) against a database where
 * every account has a real argon2id hash, and no answer may hold a password hash: not the PHC
 * string, not the digest of any stored hash, and no field named like a password or a hash. A new
 * route fails the coverage test until it is swept here or listed below with the reason it is not.
 */

/** Routes not swept, each with the reason its answer cannot hold account data. */
const NOT_SWEPT: Record<string, string> = {
  '/api/file/upload': 'answers the generated file name only (multipart; modules/uploads/uploads.test.ts)',
  '/api/file/downloads/:filename': 'serves the bytes of an uploaded image',
  '/api/pay/notify/epay/:platform': 'answers the plain words success or fail to a gateway',
  '/api/telegram/webhook': "answers {ok} to Telegram's servers; the bot's replies go to the chat through the Bot API",
  '/api/pay/sandbox/decide': "the sandbox page's form: answers a static result page",
  '/api/pay/sandbox/page.css': "the sandbox page's stylesheet",
  [`${NODE_API_PREFIX}/push`]: 'a node reports traffic: answers an acknowledgement',
  [`${NODE_API_PREFIX}/status`]: 'a node reports its load: answers an acknowledgement',
  '/describe/qx/:file': 'static rule files of the subscription clients',
  '/describe/q.filter': 'a static rule file of the subscription clients',
};

/**
 * Fields named like a secret that are not an account's password or hash, each where it may appear
 * (a path pattern of the answer) and why.
 */
const ALLOWED_FIELDS: Array<{ field: string; at: RegExp; why: string }> = [
  { field: 'canChangePassword', at: /./, why: 'a boolean permission of the account' },
  {
    field: 'passkeys',
    at: /^\$\.data$/,
    why: "the second factor's passkeys: the status lists their names and dates, the login's 1130 says whether any exist; no key material",
  },
  {
    field: 'ssh_password',
    at: /./,
    why: "the node's SSH login the admin enters on the node screen and reads back there; no account's password",
  },
  {
    field: 'sshPassword',
    at: /^\$\.data\.\d+\.(before|after)$/,
    why: 'the same, in the audit rows of the node screen',
  },
  {
    field: 'secretHash',
    at: /^\$\.data\.\d+\.(before|after)$/,
    why: "the SHA-256 of a node's random 256-bit secret, in the audit rows of the node screen (admins only); no password",
  },
  {
    field: 'password',
    at: /^\$\.users\.\d+$/,
    why: "the node API's user list: each user's Shadowsocks key, which the node needs to let the user connect; derived from no account password",
  },
  {
    field: 'password',
    at: /^\$\.data\.fields\.\d+\.schema\.items\.properties$/,
    why: "the settings form's schema of the shared Apple IDs (a field name, no value)",
  },
];
const SECRET_FIELD = /pass(word)?|pwd|hash|salt/i;
const HASH_TEXT = /\$argon2|\$scrypt|\$2[aby]\$/;

type Caller = 'admin' | 'user' | 'anonymous';

interface Request {
  method?: 'GET' | 'POST';
  /** Defaults to the route. */
  url?: string;
  /** An envelope call's payload; GET requests send none. */
  payload?: unknown;
  query?: Record<string, string>;
  /** Request headers besides the caller's cookie (a browser's User-Agent). */
  headers?: Record<string, string>;
  /** The envelope code expected (0 unless said). */
  code?: number;
}

interface Context {
  admin: Admin;
  user: { id: string; email: string; cookie: string };
  /** The account the admin's /users calls aim at (it has a mailed link pending, a real hash, a session). */
  target: { id: string; email: string; cookie: string };
  node: TestNode;
  combo: string;
  trialCode: string;
  cashCode: string;
  noticeId: string;
  permission: AdminPermission;
  agent: AgentSaved['agent'];
  entry: AdminEntry;
  line: AdminLine;
  adminCombo: Combo;
  adminCoupon: { id: string; code: string };
  couponUse: string;
  prize: string;
  ticket: string;
  withdrawal: string;
  order: string;
  payurl: string;
}

type Sweep = { as: Caller[]; request: (ctx: Context) => Request | Promise<Request> };

const reads = (payload: unknown = {}): Sweep => ({ as: ['user', 'admin'], request: () => ({ payload }) });
const asUser = (request: Sweep['request']): Sweep => ({ as: ['user'], request });
const asAdmin = (request: Sweep['request']): Sweep => ({ as: ['admin'], request });
const asAnonymous = (request: Sweep['request']): Sweep => ({ as: ['anonymous'], request });

const userKeyOf = async (id: string) =>
  (await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [id]))[0]!.userkey;
const orderOf = async (ctx: Context) => (await newOrder(app, ctx.user.cookie, ctx.combo))._id;

/**
 * Every route and how it is called, in order: reads first, then writes, then what ends or deletes
 * the records the others use.
 */
const SWEEP: Record<string, Sweep> = {
  // Outside /api.
  '/healthz': { as: ['anonymous'], request: () => ({ method: 'GET' }) },
  '/readyz': { as: ['anonymous'], request: () => ({ method: 'GET' }) },
  '/portal-config.json': { as: ['anonymous', 'user'], request: () => ({ method: 'GET' }) },
  '/user/getUserAllURL': { as: ['user', 'admin'], request: () => ({ method: 'GET' }) },
  // Public.
  '/api/host/get': { as: ['anonymous', 'user', 'admin'], request: () => ({}) },
  '/api/shop/list': { as: ['anonymous', 'user', 'admin'], request: () => ({}) },
  '/api/agent/agent_list': { as: ['anonymous', 'user', 'admin'], request: () => ({}) },
  '/api/user/signup': asAnonymous(() => ({
    payload: {
      email: `sweep-${randomHex(4)}@example.com`,
      password: 'sweep-password',
      icon_url: '/logo.png',
      host: 'localhost',
    },
  })),
  '/api/user/login': asAnonymous(() => ({ payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } })),
  // The second factor (docs/second-factor.md): the admin has none, so the code calls are refused.
  '/api/user/login_second_factor': asAnonymous(() => ({
    payload: { ticket: 'no-such-ticket', code: '000000' },
    code: Codes.SECOND_FACTOR_TICKET_EXPIRED,
  })),
  '/api/second_factor/status': reads(),
  '/api/second_factor/enrol_start': asAdmin(() => ({ payload: {} })),
  '/api/second_factor/enrol_confirm': asAdmin(() => ({
    payload: { code: 'ABCD-EFGH-JKLM' },
    code: Codes.SECOND_FACTOR_WRONG,
  })),
  '/api/second_factor/verify': asAdmin(() => ({ payload: { code: '000000' }, code: Codes.NOT_ALLOWED })),
  '/api/second_factor/recovery_codes': asAdmin(() => ({ payload: { code: '000000' }, code: Codes.NOT_ALLOWED })),
  '/api/second_factor/remove': asAdmin(() => ({ payload: { code: '000000' }, code: Codes.NOT_ALLOWED })),
  // Passkeys: a browser answer of the right shape that proves nothing; the admin has no passkey.
  '/api/user/login_passkey_options': asAnonymous(() => ({
    payload: { ticket: 'no-such-ticket' },
    code: Codes.SECOND_FACTOR_TICKET_EXPIRED,
  })),
  '/api/user/login_passkey': asAnonymous(() => ({
    payload: { ticket: 'no-such-ticket', response: PASSKEY_ANSWER_SHAPE },
    code: Codes.SECOND_FACTOR_TICKET_EXPIRED,
  })),
  '/api/second_factor/passkey_options': asAdmin(() => ({ payload: {}, code: Codes.NOT_ALLOWED })),
  '/api/second_factor/verify_passkey': asAdmin(() => ({
    payload: { response: PASSKEY_ANSWER_SHAPE },
    code: Codes.SECOND_FACTOR_WRONG,
  })),
  '/api/second_factor/passkey_register_options': asAdmin(() => ({ payload: {} })),
  '/api/second_factor/passkey_register': asAdmin(() => ({
    payload: {
      name: '电脑',
      response: PASSKEY_REGISTRATION_SHAPE,
    },
    code: Codes.SECOND_FACTOR_WRONG,
  })),
  '/api/second_factor/passkey_recovery_codes': asAdmin(() => ({ payload: {}, code: Codes.NOT_ALLOWED })),
  '/api/second_factor/passkey_remove': asAdmin(() => ({ payload: { id: 'nope' }, code: Codes.NOT_FOUND })),
  '/api/admin/second_factor/reset': asAdmin((ctx) => ({ payload: { userId: ctx.target.id } })),
  '/api/user/adopt_token': asAnonymous(async (ctx) => ({
    payload: { token: (await app.sessions.create(ctx.user.id)).token },
  })),
  '/api/user/get_email': asAnonymous(async (ctx) => ({
    payload: {
      describUrl: `https://sub.example.com/api/subscript/clash/${ctx.user.id}/${await userKeyOf(ctx.user.id)}`,
    },
  })),
  '/api/user/reset_password': asAnonymous(async (ctx) => ({
    payload: {
      email: ctx.target.email,
      password: 'a-new-password-1',
      describUrl: `https://sub.example.com/api/subscript/clash/${ctx.target.id}/${await userKeyOf(ctx.target.id)}`,
    },
  })),
  '/api/account/signup_confirm': {
    as: ['anonymous'],
    request: (ctx) => ({ method: 'GET', query: { serial_id: ctx.user.id, key: 'a'.repeat(64) } }),
  },
  '/api/account/change_password': {
    as: ['anonymous'],
    request: async (ctx) => {
      // The link reset_password mailed above: the real confirmation, which answers the account's state.
      const link = await lastLinkFor(app, ctx.target.email);
      return { method: 'GET', query: { serial_id: link.serial_id, key: link.key } };
    },
  },
  '/api/account/change_email': {
    as: ['anonymous'],
    request: (ctx) => ({ method: 'GET', query: { serial_id: ctx.user.id, key: 'a'.repeat(64) } }),
  },
  '/api/subscript/:kind/:userId/:userkey': {
    as: ['anonymous'],
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/subscript/clash/${ctx.user.id}/${await userKeyOf(ctx.user.id)}`,
    }),
  },
  // The universal link as a browser opens it: the subscription page.
  '/api/subscript/auto/:userId/:userkey': {
    as: ['anonymous'],
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/subscript/auto/${ctx.user.id}/${await userKeyOf(ctx.user.id)}`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    }),
  },
  '/api/subscript/:kind/:userId/': {
    as: ['anonymous'],
    request: (ctx) => ({ method: 'GET', url: `/api/subscript/singbox/${ctx.user.id}/` }),
  },
  '/api/pay/sandbox/submit.php': {
    as: ['anonymous'],
    request: (ctx) => {
      const u = new URL(ctx.payurl);
      return { method: 'GET', url: `${u.pathname}${u.search}` };
    },
  },
  // Nodes.
  [`${NODE_API_PREFIX}/config`]: {
    as: ['anonymous'],
    request: (ctx) => ({
      method: 'GET',
      query: { node_id: ctx.node.agentId, token: ctx.node.secret, node_type: 'vmess' },
    }),
  },
  [`${NODE_API_PREFIX}/user`]: {
    as: ['anonymous'],
    request: (ctx) => ({ method: 'GET', query: { node_id: ctx.node.agentId, token: ctx.node.secret } }),
  },
  [`${NODE_API_PREFIX}/alivelist`]: {
    as: ['anonymous'],
    request: (ctx) => ({ method: 'GET', query: { node_id: ctx.node.agentId, token: ctx.node.secret } }),
  },
  [`${NODE_API_PREFIX}/alive`]: {
    as: ['anonymous'],
    request: (ctx) => ({ method: 'POST', query: { node_id: ctx.node.agentId, token: ctx.node.secret } }),
  },
  // A signed-in user's reads (an admin reads them too: an admin sees more in some, e.g. every ticket).
  '/api/user/userinfo': reads(),
  '/api/permission/mypermissions': reads(),
  '/api/user_notive/list': reads(),
  '/api/user/sign_use_info': reads(),
  '/api/prize/info': reads(),
  '/api/shop/pay_modes': reads(),
  '/api/order/order_list': reads(),
  '/api/wallet/mywallet': reads(),
  '/api/wallet/spend_list': reads(),
  '/api/wallet/charge_list': reads(),
  '/api/push/list': reads(),
  '/api/traffic/my_traffic_records': reads(),
  '/api/channel/channel_info': reads(),
  '/api/channel/reward_list': reads(),
  '/api/channel/invited_users': reads(),
  '/api/user/apple_ids': reads(),
  '/api/feedback/my_list': reads(),
  // A signed-in user's writes.
  '/api/user_notive/clicked': asUser((ctx) => ({ payload: { noticeId: ctx.noticeId } })),
  '/api/coupon/redeem_coupon': asUser((ctx) => ({ payload: { code: ctx.trialCode } })),
  '/api/user/sign_use': asUser(() => ({ payload: {} })),
  '/api/prize/draw': asUser(() => ({ payload: {} })),
  '/api/shop/create_order': asUser((ctx) => ({ payload: { combo_id: ctx.combo } })),
  '/api/coupon/orderUseCoupon': asUser(async (ctx) => ({
    payload: { order_id: await orderOf(ctx), code: ctx.cashCode },
  })),
  '/api/coupon/orderCancleCoupon': asUser(async (ctx) => {
    const order = await orderOf(ctx);
    await shopApi(app, ctx.user.cookie).useCoupon(order, ctx.cashCode);
    return { payload: { order_id: order } };
  }),
  '/api/shop/wallet_check': asUser(async (ctx) => ({ payload: { order_id: await orderOf(ctx) } })),
  '/api/shop/dobuy': asUser(async (ctx) => ({
    payload: { order_id: await orderOf(ctx), pay_mode: 'alipay', isMobile: false },
  })),
  '/api/shop/trade_status': asUser(async (ctx) => {
    const trade = await shopApi(app, ctx.user.cookie).dobuy(await orderOf(ctx));
    return { payload: { trade_id: trade.data._id } };
  }),
  '/api/order/feedback': asUser(async (ctx) => ({ payload: { order_id: await orderOf(ctx), msg: '请尽快处理' } })),
  '/api/order/cancel_order': asUser(async (ctx) => ({ payload: { order_id: await orderOf(ctx) } })),
  '/api/wallet/change_reward_adress': asUser(() => ({
    payload: { addressType: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', password: TEST_USER_PASSWORD },
  })),
  '/api/wallet/make_charge': asUser(() => ({ payload: { money: 5 } })),
  '/api/push/create': asUser(() => ({ payload: { pushNumber: 1 } })),
  '/api/push/receive': asUser(async () => {
    const sender = await signedInUser(app);
    await app.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [2 * GiB, sender.id]);
    const gift = await call<{ code: string }>(app, '/api/push/create', { pushNumber: 1 }, { cookie: sender.cookie });
    return { payload: { code: gift.result.data.code } };
  }),
  '/api/user/change_use_info': asUser((ctx) => ({
    payload: { email: ctx.user.email, icon: '', inXinjiang: true, in_foreign: true, use_english_node: true },
  })),
  '/api/user/unbind': asUser(async (ctx) => {
    await app.database.query("UPDATE users SET telegram_id = '42', telegram_name = 'tg' WHERE id = $1", [ctx.user.id]);
    return { payload: {} };
  }),
  '/api/feedback/create': asUser(() => ({ payload: { title: '无法连接', desc: '节点都连不上', imageUrl: '' } })),
  '/api/feedback/response': asUser((ctx) => ({ payload: { id: ctx.ticket, desc: '补充', imageUrl: '' } })),
  '/api/feedback/refresh': asUser((ctx) => ({ payload: { id: ctx.ticket } })),
  // The back office: reads.
  '/api/feedback/pending_count': asAdmin(() => ({ payload: {} })),
  '/api/admin/config/get': asAdmin(() => ({ payload: {} })),
  '/api/admin/permissions/list': asAdmin(() => ({ payload: {} })),
  '/api/admin/agents/list': asAdmin(() => ({ payload: {} })),
  '/api/admin/entrys/list': asAdmin(() => ({ payload: {} })),
  '/api/admin/agent_line/list': asAdmin(() => ({ payload: {} })),
  '/api/admin/errors/list': asAdmin(() => ({ payload: { num: 7 } })),
  '/api/admin/users/basic_stastic': asAdmin(() => ({ payload: { num: 7 } })),
  '/api/admin/users/userlist': asAdmin(() => ({ payload: { number: 100, filterStr: '' } })),
  '/api/admin/staff/list': asAdmin(() => ({ payload: {} })),
  // Signed-in devices: the user's own and, for the back office, the target's.
  '/api/user/sessions': reads(),
  '/api/admin/users/sessions': asAdmin((ctx) => ({ payload: { uid: ctx.target.id } })),
  // Subscription devices (issue 27): the user's own, and the target's with the fetches.
  '/api/user/subscription_devices': reads(),
  '/api/admin/users/subscription_devices': asAdmin((ctx) => ({ payload: { uid: ctx.target.id } })),
  // Notifications (issue 28): the user's choices and the operator's deliveries.
  '/api/user/notify_settings': reads(),
  '/api/user/change_notify_settings': asUser(() => ({ payload: { mail: true } })),
  '/api/user/telegram_bind': asUser(() => ({ payload: {}, code: Codes.NOT_ALLOWED })),
  '/api/admin/notifications/deliveries': asAdmin(() => ({ payload: {} })),
  '/api/admin/notifications/test': asAdmin(() => ({ payload: {} })),
  '/api/admin/notifications/resend': asAdmin(() => ({ payload: { id: 999_999_999 }, code: Codes.NOT_FOUND })),
  '/api/admin/config/test_client_rule': asAdmin(() => ({ payload: { userAgent: 'clash-verge/v1.7.7' } })),
  '/api/admin/users/user': asAdmin((ctx) => ({ payload: { uid: ctx.target.id } })),
  '/api/admin/users/get_user_channel': asAdmin((ctx) => ({ payload: { user_id: ctx.target.id } })),
  '/api/yunying/coupon/coupon_list': asAdmin(() => ({ payload: {} })),
  '/api/yunying/coupon/coupon_record_list': asAdmin(() => ({ payload: { limit: 100 } })),
  '/api/yunying/prize/list': asAdmin(() => ({ payload: {} })),
  '/api/admin/trades/tradelist': asAdmin(() => ({ payload: { requestNumber: 100, filterStr: '' } })),
  '/api/admin/trades/get_order_for_trade': asAdmin((ctx) => ({ payload: { order_id: ctx.order } })),
  '/api/admin/traffic_spend/traffic_records': asAdmin(() => ({ payload: { type: 'spend', day_num: 2 } })),
  '/api/admin/charge/charge_list': asAdmin(() => ({ payload: {} })),
  '/api/admin/charge/wallet': asAdmin((ctx) => ({ payload: { uid: ctx.user.id } })),
  // The back office: writes (each answers what it saved).
  '/api/admin/config/set_config': asAdmin(() => ({ payload: { notice_title: '公告', notice_show: true } })),
  '/api/admin/permissions/update': asAdmin((ctx) => ({
    payload: { _id: ctx.permission._id, name: 'sweep_perm_2', desc: 'x' },
  })),
  '/api/admin/agents/update': asAdmin((ctx) => ({ payload: agentInput({ _id: ctx.agent._id, name: '扫描' }) })),
  '/api/admin/agents/rotate_secret': asAdmin((ctx) => ({ payload: { id: ctx.agent._id } })),
  '/api/admin/agents/upgrade_agentserver': asAdmin((ctx) => ({ payload: { _id: ctx.agent._id } })),
  '/api/admin/agents/clear_updatetimes': asAdmin(() => ({ payload: {} })),
  '/api/admin/entrys/update': asAdmin((ctx) => ({ payload: entryInput({ _id: ctx.entry._id, name: '扫描' }) })),
  '/api/admin/agent_line/update': asAdmin((ctx) => ({
    payload: lineInput(ctx.agent._id, { _id: ctx.line._id, name: '扫描' }),
  })),
  '/api/admin/agent_line/reset_hot': asAdmin(() => ({ payload: {} })),
  '/api/admin/combo/update_combo': asAdmin((ctx) => ({ payload: comboPayload(ctx.adminCombo._id) })),
  '/api/admin/users/update_channel': asAdmin((ctx) => ({
    payload: { user_id: ctx.target.id, code: 'SWEEP', name: '扫描', rewardRate: 0.5, comsumerDuration: 1 },
  })),
  '/api/admin/users/update_user': asAdmin((ctx) => ({
    payload: {
      _id: ctx.target.id,
      disable: false,
      scale: 1,
      paidUser: true,
      is_agency: false,
      traffic: 2 * GiB,
      vipExpireTime: null,
      specialDailyUnlimitTraffic: false,
      dailyUnlimitTraffic: 0,
      normalPermission: true,
      canChangePassword: true,
      canChangeDescribeKey: true,
      forceReward: false,
    },
  })),
  '/api/yunying/coupon/update_coupon': asAdmin((ctx) => ({
    payload: couponInput({ _id: ctx.adminCoupon.id, name: '扫描券', code: ctx.adminCoupon.code, traffic: GiB }),
  })),
  '/api/yunying/coupon/restore_record': asAdmin((ctx) => ({ payload: { id: ctx.couponUse } })),
  '/api/yunying/prize/update': asAdmin((ctx) => ({ payload: prizePayload(ctx.prize) })),
  '/api/admin/charge/message': asAdmin((ctx) => ({ payload: { charge_id: ctx.withdrawal, msg: '处理中' } })),
  '/api/admin/charge/checkout_charge': asAdmin((ctx) => ({ payload: { charge_id: ctx.withdrawal, txid: 'sweep-tx' } })),
  '/api/admin/users/change_password': asAdmin((ctx) => ({
    payload: { email: ctx.target.email, password: 'set-by-the-admin' },
  })),
  // Staff (the sweep's admin is the owner, who alone edits roles): a role, the target appointed to it and changed.
  '/api/admin/staff/role_update': asAdmin(() => ({ payload: { name: '清扫客服', permissions: ['users.read'] } })),
  '/api/admin/staff/appoint': asAdmin((ctx) => ({ payload: { email: ctx.target.email, role: 'yunying' } })),
  '/api/admin/staff/change_role': asAdmin((ctx) => ({ payload: { user_id: ctx.target.id, role: 'admin' } })),
  // Read after the writes: the audit rows of every change above, the password change included.
  '/api/admin/audit/list': asAdmin(() => ({ payload: {} })),
  // What ends or deletes.
  '/api/feedback/close': asAdmin((ctx) => ({ payload: { id: ctx.ticket } })),
  '/api/user/end_session': asUser(() => ({ payload: { id: '0'.repeat(32) }, code: Codes.NOT_FOUND })),
  '/api/user/end_other_sessions': asUser(() => ({ payload: {} })),
  '/api/admin/users/end_sessions': asAdmin((ctx) => ({ payload: { uid: ctx.target.id } })),
  '/api/user/reset_userkey': asUser(() => ({ payload: {} })),
  '/api/user/remove_subscription_device': asUser(() => ({ payload: { id: '0'.repeat(32) }, code: Codes.NOT_FOUND })),
  '/api/admin/users/remove_subscription_device': asAdmin((ctx) => ({
    payload: { uid: ctx.target.id, id: '0'.repeat(32) },
    code: Codes.NOT_FOUND,
  })),
  '/api/admin/users/reset_userkey': asAdmin((ctx) => ({ payload: { uid: ctx.target.id } })),
  '/api/admin/errors/clear': asAdmin(() => ({ payload: {} })),
  '/api/admin/staff/remove': asAdmin((ctx) => ({ payload: { user_id: ctx.target.id } })),
  '/api/admin/staff/role_delete': asAdmin(async () => ({
    payload: {
      id: (await app.database.query<{ id: string }>("SELECT id FROM staff_roles WHERE name = '清扫客服'"))[0]!.id,
    },
  })),
  '/api/yunying/coupon/delete_coupon': asAdmin(async () => ({
    // A coupon without uses (one with uses is kept: 4001).
    payload: { id_list: [(await coupon(app, { type: 'freeUse', traffic: 1024 })).id] },
  })),
  '/api/yunying/prize/delete': asAdmin((ctx) => ({ payload: { id: ctx.prize } })),
  '/api/admin/combo/delete_combo': asAdmin((ctx) => ({ payload: { id: ctx.adminCombo._id } })),
  '/api/admin/agent_line/delete_agent': asAdmin((ctx) => ({ payload: { id: ctx.line._id } })),
  '/api/admin/entrys/delete': asAdmin((ctx) => ({ payload: { id: ctx.entry._id } })),
  '/api/admin/agents/delete': asAdmin((ctx) => ({ payload: { id: ctx.agent._id } })),
  '/api/admin/permissions/delete': asAdmin((ctx) => ({ payload: { id: ctx.permission._id } })),
  '/api/user/logout': { as: ['user'], request: () => ({ payload: {} }) },
};

const comboPayload = (id: string) => comboUpdate({ _id: id, name: '扫描包' });

function prizePayload(id: string) {
  return {
    _id: id,
    name: '扫描奖品',
    gainTraffic: 1,
    gainVipTime: 0,
    weight: 1,
    desc: '',
    hasDiscountCoupon: false,
    discountValue: 1,
    discountDuration: 1,
    photoUrl: '',
  };
}

let app: FastifyInstance;
let ctx: Context;

beforeAll(async () => {
  app = await buildTestApp({ env: { ACCOUNT_RATE_MAX: '1000', ACCOUNT_RATE_ADDRESS_MAX: '10000' } });
  const admin = await signedInAdmin(app);
  // The owner (admin_id), so that the staff calls that are the owner's answer in full.
  await app.database.query("UPDATE settings SET value = to_jsonb($1::text) WHERE key = 'admin_id'", [admin.id]);
  // A paying admin, so that the user reads the admin makes too answer in full.
  await app.database.query(
    "UPDATE users SET paid_user = true, vip_expire_time = now() + interval '30 days', traffic = $1 WHERE id = $2",
    [50 * GiB, admin.id],
  );
  const must = async <T>(path: string, payload: unknown): Promise<T> => {
    const { code, data, msg } = await admin.post<T>(path, payload);
    if (code !== 0) throw new Error(`${path}: ${code} ${msg}`);
    return data;
  };
  await app.settings.set({ minPushNum: 1, min_charge_money: 5 });
  const user = await signedInUser(app, { paidUser: true });
  await app.database.query(
    "UPDATE users SET traffic = $1, vip_expire_time = now() + interval '30 days' WHERE id = $2",
    [50 * GiB, user.id],
  );
  await app.wallet.adjust(user.id, 100_000, 'sweep deposit', 100_000);
  const target = await signedInUser(app, { email: 'sweep-target@example.com' });
  const combo = await product(app, { name: '十元包', price: 10, traffic: 10 * GiB });
  const trialCode = (await coupon(app, { type: 'freeUse', traffic: GiB, numberOfAuthorizations: 1000 })).code;
  const cashCode = (
    await coupon(app, { type: 'cash', forMoneyCents: 300, numberOfAuthorizations: 1000, useNumPerUser: 100 })
  ).code;
  const noticeId = await app.notices.create({ desc: '通知' });
  await app.database.query(
    `INSERT INTO prizes (id, name, gain_traffic, weight) VALUES ('sweep-prize', '奖品', ${GiB}, 1) ON CONFLICT DO NOTHING`,
  );

  const permission = await must<AdminPermission>('/api/admin/permissions/update', { name: 'sweep_perm', desc: '' });
  const { agent } = await must<AgentSaved>('/api/admin/agents/update', agentInput());
  const entry = await must<AdminEntry>('/api/admin/entrys/update', entryInput());
  const line = await must<AdminLine>(
    '/api/admin/agent_line/update',
    lineInput(agent._id, { bridge: 'report', entryID: entry._id }),
  );
  const adminCombo = await must<Combo>('/api/admin/combo/update_combo', comboPayload(''));
  const adminCoupon = await coupon(app, { type: 'freeUse', traffic: 1024, numberOfAuthorizations: 10 });
  const holder = await signedInUser(app);
  await call(app, '/api/coupon/redeem_coupon', { code: adminCoupon.code }, { cookie: holder.cookie });
  const [couponUse] = await app.database.query<{ id: string }>('SELECT id FROM coupon_uses WHERE coupon_id = $1', [
    adminCoupon.id,
  ]);
  const prize = await must<{ _id: string }>('/api/yunying/prize/update', prizePayload(''));
  await app.database.query(`INSERT INTO error_log (id, name, msg) VALUES ('sweep-error', 'Error', 'kept')`);
  const ticket = await call<{ _id: string }>(
    app,
    '/api/feedback/create',
    { title: '工单', desc: '描述' },
    { cookie: user.cookie },
  );

  // A withdrawal of someone whose address was set long ago (no 24-hour hold), for the admin's calls.
  const withdrawer = await signedInUser(app);
  await app.wallet.adjust(withdrawer.id, 100_000, 'sweep deposit', 100_000);
  await app.database.query(
    "UPDATE users SET wallet_address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', wallet_address_type = 'USDT-TRC20' WHERE id = $1",
    [withdrawer.id],
  );
  const withdrawal = await call<{ _id: string }>(app, '/api/wallet/make_charge', {}, { cookie: withdrawer.cookie });
  if (withdrawal.result.code !== 0) throw new Error(`make_charge: ${withdrawal.result.code} ${withdrawal.result.msg}`);

  // An order paid in the sandbox, whose trade the admin's trade calls show.
  const order = await newOrder(app, user.cookie, combo);
  const paid = await shopApi(app, user.cookie).dobuy(order._id);
  if (paid.code !== 0 || paid.data.payurl === undefined) throw new Error(`dobuy: ${paid.code} ${paid.msg}`);
  const node = await createNode(app, { lines: [{ protocol: 'vmesh_tcp' }] });

  ctx = {
    admin,
    user,
    target,
    node,
    combo,
    trialCode,
    cashCode,
    noticeId,
    permission,
    agent,
    entry,
    line,
    adminCombo,
    adminCoupon,
    couponUse: couponUse!.id,
    prize: prize._id,
    ticket: ticket.result.data._id,
    withdrawal: withdrawal.result.data._id,
    order: order._id,
    payurl: paid.data.payurl,
  };
});

afterAll(async () => {
  await app.close();
});

/** Where an answer gives a hash away: a field named like a secret, a PHC string, or a stored digest. */
function leaks(value: unknown, digests: string[], at = '$'): string[] {
  if (typeof value === 'string') {
    return HASH_TEXT.test(value) || digests.some((d) => value.includes(d)) ? [`${at}: ${value.slice(0, 80)}`] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(SECRET_FIELD.test(key) && !ALLOWED_FIELDS.some((a) => a.field === key && a.at.test(at))
      ? [`${at}.${key} (field name)`]
      : []),
    ...leaks(inner, digests, `${at}.${key}`),
  ]);
}

/** The digests (the part after the last $) of every stored password hash. */
async function storedDigests(): Promise<string[]> {
  const rows = await app.database.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE password_hash IS NOT NULL',
  );
  return rows.map((r) => r.password_hash.split('$').at(-1)!).filter((d) => d.length >= 16);
}

/** The answer as data: an envelope decoded, JSON parsed, anything else as its text. */
function answerOf(body: string): { data: unknown; code?: number } {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed !== null && typeof parsed === 'object' && typeof (parsed as { data?: unknown }).data === 'string') {
      const inner = decodeJson((parsed as { data: string }).data) as { code?: number };
      return { data: inner, code: inner.code };
    }
    return { data: parsed };
  } catch {
    return { data: body };
  }
}

const cookieOf = (who: Caller) => (who === 'admin' ? ctx.admin.cookie : who === 'user' ? ctx.user.cookie : undefined);

describe('QUALITY 10: no answer holds a password hash', () => {
  it('every route is swept or listed with the reason it holds no account data', () => {
    const urls = [...new Set(app.httpRoutes.map((r) => r.url))];
    expect(urls.filter((url) => SWEEP[url] === undefined && NOT_SWEPT[url] === undefined)).toEqual([]);
    expect([...Object.keys(SWEEP), ...Object.keys(NOT_SWEPT)].filter((url) => !urls.includes(url))).toEqual([]);
  });

  it('every account in the swept database has an argon2id hash (what a leak would show)', async () => {
    const rows = await app.database.query<{ h: string }>('SELECT password_hash AS h FROM users');
    expect(rows.length).toBeGreaterThan(5);
    for (const { h } of rows) expect(h).toMatch(/^\$argon2id\$/);
  });

  it.each(Object.keys(SWEEP))('%s answers no password hash', async (route) => {
    const sweep = SWEEP[route]!;
    for (const who of sweep.as) {
      const request = await sweep.request(ctx);
      const method = request.method ?? 'POST';
      const cookie = cookieOf(who);
      const response = await app.inject({
        method,
        url: request.url ?? route,
        ...(request.query === undefined ? {} : { query: request.query }),
        ...(method === 'POST' && request.payload !== undefined ? { payload: encodeRequest(request.payload) } : {}),
        headers: { ...request.headers, ...(cookie === undefined ? {} : { cookie }) },
      });
      expect(response.statusCode, `${who} ${route}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      const answer = answerOf(response.body);
      if (request.payload !== undefined) {
        expect(answer.code, `${who} ${route}: ${response.body.slice(0, 300)}`).toBe(request.code ?? 0);
      }
      const found = leaks(answer.data, await storedDigests());
      expect(found, `${who} ${route}: ${found.join('; ')}`).toEqual([]);
      // Headers too (a cookie or a debug header could carry it).
      expect(leaks(response.headers, []), `${who} ${route} headers`).toEqual([]);
    }
  });

  it('the sweep would see a hash: a leaking answer is caught', async () => {
    const [row] = await app.database.query<{ h: string }>('SELECT password_hash AS h FROM users LIMIT 1');
    const digests = await storedDigests();
    expect(leaks({ data: { user: { password_hash: 'x' } } }, digests)).not.toEqual([]);
    expect(leaks({ list: [{ note: row!.h }] }, digests)).not.toEqual([]);
    expect(leaks({ list: [{ note: `…${row!.h.split('$').at(-1)}…` }] }, digests)).not.toEqual([]);
    expect(leaks({ canChangePassword: true, ssh_password: '' }, digests)).toEqual([]);
  });
});

describe('QUALITY 10: argon2id at the documented cost', () => {
  it('a new account is hashed with argon2id, m=19456 KiB, t=2, p=1 (bff/src/lib/passwords.ts), salted per account', async () => {
    const emails = ['cost-a@example.com', 'cost-b@example.com'];
    for (const email of emails) {
      const { result } = await call(app, '/api/user/signup', {
        email,
        password: 'same-password-for-both',
        icon_url: '/logo.png',
        host: 'localhost',
      });
      expect(result.code, result.msg).toBe(0);
    }
    const rows = await app.database.query<{ h: string }>(
      'SELECT password_hash AS h FROM users WHERE email = ANY($1) ORDER BY email',
      [emails],
    );
    expect(rows).toHaveLength(2);
    for (const { h } of rows) {
      const [, algorithm, version, params, salt, digest] = h.split('$');
      expect(algorithm).toBe('argon2id');
      expect(version).toBe('v=19');
      expect(Object.fromEntries(params!.split(',').map((p) => p.split('=')))).toEqual({ m: '19456', t: '2', p: '1' });
      // At least 128 bits of salt and a 256-bit digest (base64 without padding).
      expect(Buffer.from(salt!, 'base64').length).toBeGreaterThanOrEqual(16);
      expect(Buffer.from(digest!, 'base64').length).toBeGreaterThanOrEqual(32);
    }
    // The same password, two salts, two hashes.
    expect(rows[0]!.h).not.toBe(rows[1]!.h);
  });
});
