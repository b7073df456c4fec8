import {
  Codes,
  type AdminEntry,
  type AdminLine,
  type AdminPermission,
  type AgentSaved,
  type Combo,
} from '@portal/contracts';
import { isPermission, permissionsOfRole } from '@portal/contracts/staff';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_API_PREFIX } from '../src/modules/node-api/index.js';
import type { ApiRouteAccess, PermissionAccess } from '../src/plugins/app/auth.js';
import { agentInput, couponInput, entryInput, lineInput, signedInAdmin, tableDigest } from './admin.js';
import { appointStaff, call, signedInUser } from './api.js';
import { randomHex } from '../src/lib/random.js';
import { buildTestApp } from './build-test-app.js';

/**
 * QUALITY 6: every /api/ route either requires a session (any user or a role), a node secret, or
 * is public on purpose: on this list, with the reason. A new public route fails here until it is
 * added with its reason.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  '/api/host/get': 'the announcement and preferred domain show before anyone signs in',
  '/api/user/login': 'signing in',
  '/api/user/login_second_factor':
    "the login's second step: authorised by the single-use 5-minute ticket the right password gave, wrong codes rate limited",
  '/api/user/login_passkey_options':
    "the login's second step with a passkey: options for the account of the single-use ticket the right password gave",
  '/api/user/login_passkey':
    "the login's second step with a passkey: authorised by the ticket and a signature over its single-use challenge, failures rate limited",
  '/api/user/adopt_token': 'turns a verified ?token= link into a session',
  '/api/user/logout': 'ends whatever session the cookie names, or none',
  '/api/user/signup': 'registration',
  '/api/account/signup_confirm': 'mailed link; authorised by its single-use 256-bit key',
  '/api/account/change_password': 'mailed link; authorised by its single-use 256-bit key',
  '/api/account/change_email': 'mailed link (to the new address); authorised by its single-use 256-bit key',
  '/api/user/reset_password': 'forgotten password; authorised by the subscription link it names, rate limited',
  '/api/user/get_email': 'forgotten password; authorised by the subscription link it names, rate limited',
  '/api/subscript/:kind/:userId/:userkey':
    'proxy clients fetch subscriptions without a session; authorised by the userkey',
  '/api/subscript/:kind/:userId/': 'the empty-key form, answered like a wrong key',
  '/api/subscript/auto/:userId/:userkey':
    'the universal link: the format by the client (or the page for a browser); authorised by the userkey',
  '/api/agent/agent_list': '/agents is a public page (spec-2 §2)',
  '/api/shop/list': '/shop is a public page (spec-2 §2)',
  '/api/pay/notify/epay/:platform':
    "payment gateways' servers call it without our session or an Origin; authorised by the platform's md5 signature",
  '/api/telegram/webhook':
    "Telegram's servers post the bot's updates (webhook mode); authorised by the secret token the bot set, derived from its token",
  '/api/file/downloads/:filename':
    'avatars and prize images are shown to everyone; private (ticket) images are checked per viewer in the handler',
  '/api/pay/sandbox/submit.php':
    "the sandbox gateway's pay page, opened on any device (a scanned QR); authorised by the sandbox signature, changes nothing",
  '/api/pay/sandbox/decide': "the sandbox page's form; authorised by the sandbox signature, same-origin (origin check)",
  '/api/pay/sandbox/page.css': "the sandbox page's stylesheet",
};

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

describe('route inventory', () => {
  it('every public API route is on the public list with a reason, and every listed route exists and is public', () => {
    const publicUrls = new Set(app.apiRoutes.filter((r) => r.access === 'public').map((r) => r.url));
    expect([...publicUrls].filter((url) => PUBLIC_ROUTES[url] === undefined)).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((url) => !publicUrls.has(url))).toEqual([]);
  });

  it('node-authenticated routes are the node API only', () => {
    const nodeUrls = app.apiRoutes.filter((r) => r.access === 'node').map((r) => r.url);
    expect(nodeUrls.length).toBeGreaterThan(0);
    expect(nodeUrls.filter((url) => !url.startsWith(`${NODE_API_PREFIX}/`))).toEqual([]);
  });
});

const ADMIN_PREFIX = '/api/admin/';
const OPERATIONS_PREFIX = '/api/yunying/';
const isBackOffice = (url: string) => url.startsWith(ADMIN_PREFIX) || url.startsWith(OPERATIONS_PREFIX);
/** Limited to staff by the permission a route declares: the back office, and staff-only calls elsewhere (/api/feedback/close). */
const forRolesOnly = (route: ApiRouteAccess): route is ApiRouteAccess & { access: PermissionAccess } =>
  typeof route.access === 'object';

/** The records the refused calls aim at (made by an admin before they are tried). */
interface Targets {
  permission: AdminPermission;
  agent: AgentSaved['agent'];
  entry: AdminEntry;
  line: AdminLine;
  combo: Combo;
  /** A trial coupon and one use of it (the coupon screens). */
  coupon: { id: string; code: string };
  couponUse: string;
  /** A prize (the lottery screen). */
  prize: string;
  /** An open ticket (closed by admins only). */
  ticket: string;
}

/** The user the /api/admin/users calls aim at (with a live session, which a refused call must keep). */
let inventoryUser: { id: string; email: string };
/** A staff member (yunying) the /api/admin/staff calls aim at. */
let inventoryStaff: string;
/** An open withdrawal (of inventoryUser) the /api/admin/charge calls aim at. */
let inventoryWithdrawal: string;

/**
 * A valid payload for every back-office route, aimed at real records: the envelope validates the
 * payload before the access check, so only a valid one proves the guard (and that nothing is
 * written). A new admin or yunying route fails the test below until it has one here.
 */
const SAMPLE_PAYLOADS: Record<string, (t: Targets) => unknown> = {
  '/api/admin/config/get': () => ({}),
  '/api/admin/config/set_config': () => ({ notice_title: '被拒绝的修改', notice_show: true }),
  '/api/admin/permissions/list': () => ({}),
  '/api/admin/permissions/update': (t) => ({ _id: t.permission._id, name: 'taken_over', desc: 'x' }),
  '/api/admin/permissions/delete': (t) => ({ id: t.permission._id }),
  '/api/admin/agents/list': () => ({}),
  '/api/admin/agents/update': (t) => agentInput({ _id: t.agent._id, name: '被拒绝', enabled: false }),
  '/api/admin/agents/delete': (t) => ({ id: t.agent._id }),
  '/api/admin/agents/rotate_secret': (t) => ({ id: t.agent._id }),
  '/api/admin/agents/upgrade_agentserver': (t) => ({ _id: t.agent._id }),
  '/api/admin/agents/clear_updatetimes': () => ({}),
  '/api/admin/entrys/list': () => ({}),
  '/api/admin/entrys/update': (t) => entryInput({ _id: t.entry._id, name: '被拒绝' }),
  '/api/admin/entrys/delete': (t) => ({ id: t.entry._id }),
  '/api/admin/agent_line/list': () => ({}),
  '/api/admin/agent_line/update': (t) => lineInput(t.agent._id, { _id: t.line._id, name: '被拒绝' }),
  '/api/admin/agent_line/delete_agent': (t) => ({ id: t.line._id }),
  '/api/admin/agent_line/reset_hot': () => ({}),
  '/api/admin/combo/update_combo': (t) => ({
    _id: t.combo._id,
    name: '被拒绝',
    price: 0,
    trafficG: 1000,
    vipDuration: 0,
    limit: 50,
    additionPersend: 0,
    deviceNum: 0,
    speed: '',
    permissionsGain: [],
    permissionDuration: 0,
    permissionsDesc: '',
    orderID: 0,
  }),
  '/api/admin/combo/delete_combo': (t) => ({ id: t.combo._id }),
  '/api/admin/errors/list': () => ({ num: 7 }),
  '/api/admin/users/basic_stastic': () => ({ num: 7 }),
  '/api/admin/errors/clear': () => ({}),
  '/api/admin/audit/list': () => ({}),
  '/api/admin/users/userlist': () => ({ number: 100, filterStr: '' }),
  '/api/admin/users/user': () => ({ uid: inventoryUser.id }),
  '/api/admin/users/get_user_channel': () => ({ user_id: inventoryUser.id }),
  '/api/admin/users/update_channel': () => ({
    user_id: inventoryUser.id,
    code: 'INVENTORY',
    name: '被拒绝',
    rewardRate: 0.5,
    comsumerDuration: 1,
  }),
  '/api/admin/users/update_user': () => ({
    _id: inventoryUser.id,
    disable: true,
    scale: 2,
    paidUser: true,
    is_agency: true,
    traffic: 1024 ** 4,
    vipExpireTime: '2099-01-01T00:00:00.000Z',
    specialDailyUnlimitTraffic: true,
    dailyUnlimitTraffic: 1000,
    normalPermission: false,
    canChangePassword: false,
    canChangeDescribeKey: false,
    forceReward: true,
  }),
  '/api/admin/users/change_password': () => ({ email: inventoryUser.email, password: 'taken-over-password' }),
  '/api/admin/users/sessions': () => ({ uid: inventoryUser.id }),
  '/api/admin/users/end_sessions': () => ({ uid: inventoryUser.id }),
  '/api/admin/users/subscription_devices': () => ({ uid: inventoryUser.id }),
  '/api/admin/users/reset_userkey': () => ({ uid: inventoryUser.id }),
  '/api/admin/config/test_client_rule': () => ({ userAgent: 'clash-verge/v1.7.7' }),
  '/api/admin/users/remove_subscription_device': () => ({ uid: inventoryUser.id, id: '0'.repeat(32) }),
  '/api/admin/notifications/deliveries': () => ({}),
  '/api/admin/notifications/resend': () => ({ id: 1 }),
  '/api/admin/notifications/test': () => ({}),
  '/api/yunying/coupon/coupon_list': () => ({}),
  '/api/yunying/coupon/update_coupon': (t) => couponInput({ _id: t.coupon.id, name: '被拒绝', code: t.coupon.code }),
  '/api/yunying/coupon/delete_coupon': (t) => ({ id_list: [t.coupon.id] }),
  '/api/yunying/coupon/coupon_record_list': () => ({ limit: 100 }),
  '/api/yunying/coupon/restore_record': (t) => ({ id: t.couponUse }),
  '/api/yunying/prize/list': () => ({}),
  '/api/yunying/prize/update': (t) => ({
    _id: t.prize,
    name: '被拒绝',
    gainTraffic: 1_000_000,
    gainVipTime: 36_500,
    weight: 1_000_000,
    desc: '',
    hasDiscountCoupon: true,
    discountValue: 0.1,
    discountDuration: 3650,
    photoUrl: '',
  }),
  '/api/yunying/prize/delete': (t) => ({ id: t.prize }),
  '/api/admin/trades/tradelist': () => ({ requestNumber: 100, filterStr: '' }),
  '/api/admin/trades/get_order_for_trade': () => ({ order_id: '665f1c2ab7e4d90012a3e0ff' }),
  '/api/admin/traffic_spend/traffic_records': () => ({ type: 'spend', day_num: 2 }),
  '/api/admin/charge/charge_list': () => ({}),
  '/api/admin/charge/checkout_charge': () => ({ charge_id: inventoryWithdrawal, txid: 'taken-over' }),
  '/api/admin/charge/wallet': () => ({ uid: inventoryUser.id }),
  '/api/admin/charge/message': () => ({ charge_id: inventoryWithdrawal, msg: '被拒绝' }),
  '/api/admin/second_factor/reset': () => ({ userId: inventoryUser.id }),
  '/api/admin/staff/list': () => ({}),
  '/api/admin/staff/appoint': () => ({ email: inventoryUser.email, role: 'admin' }),
  '/api/admin/staff/change_role': () => ({ user_id: inventoryStaff, role: 'admin' }),
  '/api/admin/staff/remove': () => ({ user_id: inventoryStaff }),
  '/api/admin/staff/role_update': () => ({
    id: 'inv_kefu',
    name: '被拒绝',
    permissions: ['staff.edit', 'settings.secrets'],
  }),
  '/api/admin/staff/role_delete': () => ({ id: 'inv_kefu' }),
  '/api/feedback/close': (t) => ({ id: t.ticket }),
  '/api/feedback/pending_count': () => ({}),
};

describe('back-office and other role-only routes (QUALITY 6)', () => {
  const backOffice = () => app.apiRoutes.filter((r) => isBackOffice(r.url));
  const roleOnly = () => app.apiRoutes.filter(forRolesOnly);

  it('every /api/admin and /api/yunying route declares one permission of the catalogue; /api/yunying exactly what yunying holds', () => {
    const routes = backOffice();
    expect(routes.length).toBeGreaterThan(20);
    const yunying = new Set(permissionsOfRole('yunying'));
    for (const route of routes) {
      expect(route.methods, route.url).toEqual(['POST']);
      expect(forRolesOnly(route), route.url).toBe(true);
      const { permission } = route.access as PermissionAccess;
      expect(isPermission(permission), route.url).toBe(true);
      expect(yunying.has(permission), route.url).toBe(route.url.startsWith(OPERATIONS_PREFIX));
    }
  });

  it('has a sample payload for every role-only route, and no sample for a route that does not exist', () => {
    const urls = roleOnly().map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(['/api/feedback/close', '/api/feedback/pending_count']));
    expect(urls.filter((url) => SAMPLE_PAYLOADS[url] === undefined)).toEqual([]);
    expect(Object.keys(SAMPLE_PAYLOADS).filter((url) => !urls.includes(url))).toEqual([]);
  });

  describe('refuse everyone else and change nothing', () => {
    let targets: Targets;
    /** `permissions`: what the caller holds; a route that needs one of them is not tried. */
    const callers: Array<{ who: string; cookie?: string; code: number; permissions?: ReadonlySet<string> }> = [
      { who: 'anonymous', code: Codes.SESSION_EXPIRED },
    ];
    let adminCookie: string;

    const digest = () => tableDigest(app);

    beforeAll(async () => {
      const admin = await signedInAdmin(app);
      const must = async <T>(path: string, payload: unknown): Promise<T> => {
        const { code, data, msg } = await admin.post<T>(path, payload);
        if (code !== 0) throw new Error(`${path}: ${code} ${msg}`);
        return data;
      };
      const permission = await must<AdminPermission>('/api/admin/permissions/update', {
        name: 'inventory_perm',
        desc: '',
      });
      const { agent } = await must<AgentSaved>('/api/admin/agents/update', agentInput());
      const entry = await must<AdminEntry>('/api/admin/entrys/update', entryInput());
      const line = await must<AdminLine>(
        '/api/admin/agent_line/update',
        lineInput(agent._id, { bridge: 'report', entryID: entry._id }),
      );
      const combo = await must<Combo>(
        '/api/admin/combo/update_combo',
        SAMPLE_PAYLOADS['/api/admin/combo/update_combo']!({ combo: { _id: '' } } as Targets),
      );
      await app.database.query('UPDATE lines SET hot = 1234');
      await app.database.query('UPDATE agents SET update_config_times = 3');
      await app.database.query(`INSERT INTO error_log (id, name, msg) VALUES ('inventory-error', 'Error', 'kept')`);
      inventoryUser = await signedInUser(app, { email: 'inventory-user@example.com' });
      const withdrawer = await signedInUser(app);
      await app.wallet.adjust(withdrawer.id, 100_000, 'inventory deposit', 100_000);
      await app.database.query(
        "UPDATE users SET wallet_address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', wallet_address_type = 'USDT-TRC20' WHERE id = $1",
        [withdrawer.id],
      );
      const withdrawal = await call<{ _id: string }>(app, '/api/wallet/make_charge', {}, { cookie: withdrawer.cookie });
      inventoryWithdrawal = withdrawal.result.data._id;
      const couponCode = `INV${randomHex(4).toUpperCase()}`;
      const coupon = await app.coupons.create({
        name: '清单券',
        type: 'freeUse',
        code: couponCode,
        traffic: 1024,
        numberOfAuthorizations: 10,
      });
      const holder = await signedInUser(app);
      await call(app, '/api/coupon/redeem_coupon', { code: couponCode }, { cookie: holder.cookie });
      const [couponUse] = await app.database.query<{ id: string }>('SELECT id FROM coupon_uses WHERE coupon_id = $1', [
        coupon.id,
      ]);
      const prize = await must<{ _id: string }>('/api/yunying/prize/update', {
        name: '清单奖品',
        gainTraffic: 1,
        gainVipTime: 0,
        weight: 1,
        desc: '',
        hasDiscountCoupon: false,
        discountValue: 1,
        discountDuration: 1,
        photoUrl: '',
      });
      const ticket = await call<{ _id: string }>(
        app,
        '/api/feedback/create',
        { title: '清单工单', desc: '等待回复' },
        { cookie: holder.cookie },
      );
      if (ticket.result.code !== 0) throw new Error(`/api/feedback/create: ${ticket.result.code} ${ticket.result.msg}`);
      targets = {
        permission,
        agent,
        entry,
        line,
        combo,
        coupon: { id: coupon.id, code: couponCode },
        couponUse: couponUse!.id,
        prize: prize._id,
        ticket: ticket.result.data._id,
      };
      for (const type of ['normal', 'channel'] as const) {
        const user = await signedInUser(app, { type });
        callers.push({ who: type, cookie: user.cookie, code: Codes.FORBIDDEN, permissions: new Set() });
      }
      // Operations staff may use /api/yunying only.
      const yunying = await signedInUser(app, { type: 'yunying' });
      inventoryStaff = yunying.id;
      callers.push({
        who: 'yunying',
        cookie: yunying.cookie,
        code: Codes.FORBIDDEN,
        permissions: new Set(permissionsOfRole('yunying')),
      });
      // A custom role (客服: tickets.read, users.read) is refused everything else.
      await app.database.query(
        `INSERT INTO staff_roles (id, name, permissions) VALUES ('inv_kefu', '清单客服', '["tickets.read","users.read"]')`,
      );
      const kefu = await signedInUser(app);
      await appointStaff(app, kefu.id, 'inv_kefu');
      callers.push({
        who: '客服',
        cookie: kefu.cookie,
        code: Codes.FORBIDDEN,
        permissions: new Set(['tickets.read', 'users.read']),
      });
      // A role with no permission at all is staff in name only.
      await app.database.query(
        `INSERT INTO staff_roles (id, name, permissions) VALUES ('inv_none', '清单空角色', '[]')`,
      );
      const empty = await signedInUser(app);
      await appointStaff(app, empty.id, 'inv_none');
      callers.push({ who: 'empty role', cookie: empty.cookie, code: Codes.FORBIDDEN, permissions: new Set() });
      adminCookie = admin.cookie;
    });

    it('anonymous callers get 1002, normal, channel, yunying, 客服 and empty-role staff 4003 on every route whose permission they lack; no table changes', async () => {
      // Checked after every call: as long as it holds, the state before each call is this one.
      const before = await digest();
      for (const route of roleOnly()) {
        const payload = SAMPLE_PAYLOADS[route.url]!(targets);
        for (const caller of callers) {
          if (caller.permissions?.has(route.access.permission) === true) continue;
          const { status, result } = await call(
            app,
            route.url,
            payload,
            caller.cookie === undefined ? {} : { cookie: caller.cookie },
          );
          expect(result.code, `${caller.who} ${route.url}: ${result.msg}`).toBe(caller.code);
          expect(status).toBe(caller.code === Codes.FORBIDDEN ? 403 : 401);
          expect(await digest(), `${caller.who} ${route.url}`).toEqual(before);
        }
      }
      // A digest of every table per route and caller: longer than the default on a busy machine.
    }, 180_000);

    it('the same payloads from an admin do change things (the digest sees a write)', async () => {
      for (const url of ['/api/admin/agents/update', '/api/admin/agent_line/reset_hot', '/api/admin/errors/clear']) {
        const before = await digest();
        const { result } = await call(app, url, SAMPLE_PAYLOADS[url]!(targets), { cookie: adminCookie });
        expect(result.code, url).toBe(0);
        expect(await digest(), url).not.toEqual(before);
      }
    });
  });
});
