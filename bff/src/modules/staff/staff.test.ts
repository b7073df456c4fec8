import { Codes, type StaffList, type UserInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, tableDigest } from '../../../test/admin.js';
import { call, login, loginAsAdmin, signedInUser, TEST_USER_PASSWORD } from '../../../test/api.js';
import { buildTestApp, TEST_ADMIN } from '../../../test/build-test-app.js';

let app: FastifyInstance;
/** The owner: the ADMIN_EMAIL account, named by admin_id at start. */
let owner: string;

const post = async <T = unknown>(cookie: string, path: string, payload: unknown = {}) =>
  (await call<T>(app, path, payload, { cookie })).result;
const info = async (cookie: string) => (await post<UserInfo>(cookie, '/api/user/userinfo')).data;
/** A complete /api/admin/users/update_user payload (the dialog sends every field). */
const userUpdate = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  disable: false,
  scale: 1,
  paidUser: false,
  is_agency: false,
  traffic: 0,
  vipExpireTime: null,
  specialDailyUnlimitTraffic: false,
  dailyUnlimitTraffic: 0,
  normalPermission: true,
  canChangePassword: true,
  canChangeDescribeKey: true,
  forceReward: false,
  ...overrides,
});
const idOf = async (email: string) =>
  (await app.database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await loginAsAdmin(app);
});

afterAll(async () => {
  await app.close();
});

describe('the owner', () => {
  it('is the first admin, named by id in admin_id, and userinfo says so', async () => {
    const [row] = await app.database.query<{ value: string }>(
      "SELECT value #>> '{}' AS value FROM settings WHERE key = 'admin_id'",
    );
    expect(row!.value).toBe(await idOf(TEST_ADMIN.email));
    const me = await info(owner);
    expect(me.type).toBe('admin');
    expect(me.staff).toMatchObject({ role: 'admin', owner: true });
    expect(me.staff!.permissions).toContain('settings.secrets');
  });

  it('cannot be disabled, re-passworded, demoted, removed, signed out or stripped of a device by another admin; nothing changes', async () => {
    const other = await signedInUser(app, { type: 'admin' });
    const ownerId = await idOf(TEST_ADMIN.email);
    const before = await tableDigest(app);
    const attempts: Array<[string, unknown]> = [
      ['/api/admin/users/update_user', userUpdate(ownerId, { disable: true })],
      ['/api/admin/users/change_password', { email: TEST_ADMIN.email, password: 'taken-over-password' }],
      ['/api/admin/users/end_sessions', { uid: ownerId }],
      ['/api/admin/users/remove_subscription_device', { uid: ownerId, id: 'a'.repeat(32) }],
      ['/api/admin/staff/change_role', { user_id: ownerId, role: 'yunying' }],
      ['/api/admin/staff/remove', { user_id: ownerId }],
      ['/api/admin/config/set_config', { admin_id: other.email }],
    ];
    for (const [path, payload] of attempts) {
      const result = await post(other.cookie, path, payload);
      expect(result.code, `${path}: ${result.msg}`).toBe(Codes.FORBIDDEN);
    }
    expect(await tableDigest(app)).toEqual(before);
    expect((await info(owner)).staff?.owner).toBe(true);
  });
});

describe('a custom role (客服: tickets.read, users.read)', () => {
  let kefu: { id: string; email: string; cookie: string };
  let roleId: string;

  beforeAll(async () => {
    const saved = await post<StaffList>(owner, '/api/admin/staff/role_update', {
      name: '客服',
      permissions: ['tickets.read', 'users.read'],
    });
    expect(saved.code, saved.msg).toBe(0);
    roleId = saved.data.roles.find((r) => r.name === '客服')!.id;
    const user = await signedInUser(app, { email: 'kefu@example.com' });
    const appointed = await post<StaffList>(owner, '/api/admin/staff/appoint', {
      email: 'KEFU@example.com',
      role: roleId,
    });
    expect(appointed.code, appointed.msg).toBe(0);
    expect(appointed.data.members.find((m) => m.user_id === user.id)).toMatchObject({
      role: roleId,
      roleName: '客服',
      source: 'screen',
      secondFactor: 'none',
    });
    kefu = user;
  });

  it('is audited (role and appointment)', async () => {
    expect((await auditOf(app, 'staff_role', roleId)).map((r) => r.action)).toEqual(['create']);
    expect((await auditOf(app, 'staff', kefu.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('is allowed exactly its permissions and refused (4003, nothing changed) elsewhere', async () => {
    expect((await post(kefu.cookie, '/api/admin/users/userlist', { number: 10, filterStr: '' })).code).toBe(0);
    expect((await post(kefu.cookie, '/api/feedback/pending_count')).code).toBe(0);
    const me = await info(kefu.cookie);
    expect(me.type).toBe('normal');
    expect(me.staff).toMatchObject({
      role: roleId,
      roleName: '客服',
      owner: false,
      permissions: ['users.read', 'tickets.read'],
    });
    const before = await tableDigest(app);
    for (const [path, payload] of [
      ['/api/admin/users/update_user', userUpdate(kefu.id, { traffic: 1 })],
      ['/api/admin/config/get', {}],
      ['/api/yunying/coupon/coupon_list', {}],
      ['/api/feedback/close', { id: '665f1c2ab7e4d90012a3e0ff' }],
      ['/api/admin/staff/list', {}],
      ['/api/admin/staff/appoint', { email: 'kefu@example.com', role: 'admin' }],
    ] as const) {
      const result = await post(kefu.cookie, path, payload);
      expect(result.code, path).toBe(Codes.FORBIDDEN);
    }
    expect(await tableDigest(app)).toEqual(before);
  });

  it("sees every ticket (tickets.read) but cannot answer another user's (no tickets.answer)", async () => {
    const holder = await signedInUser(app);
    const ticket = await post<{ _id: string }>(holder.cookie, '/api/feedback/create', {
      title: '求助',
      desc: '连不上',
    });
    expect(ticket.code).toBe(0);
    const list = await post<Array<{ _id: string }>>(kefu.cookie, '/api/feedback/my_list');
    expect(list.data.map((t) => t._id)).toContain(ticket.data._id);
    const reply = await post(kefu.cookie, '/api/feedback/response', { id: ticket.data._id, desc: '请重启' });
    expect(reply.code).toBe(Codes.FORBIDDEN);
  });

  it('a role in use cannot be deleted; only the owner edits roles', async () => {
    const del = await post(owner, '/api/admin/staff/role_delete', { id: roleId });
    expect(del.code).toBe(Codes.NOT_ALLOWED);
    const admin = await signedInUser(app, { type: 'admin' });
    const edit = await post(admin.cookie, '/api/admin/staff/role_update', {
      id: roleId,
      name: '客服',
      permissions: ['settings.secrets'],
    });
    expect(edit.code).toBe(Codes.FORBIDDEN);
    const builtin = await post(owner, '/api/admin/staff/role_update', { id: 'yunying', name: '运营', permissions: [] });
    expect(builtin.code).toBe(Codes.FORBIDDEN);
  });

  it('removal ends the appointment and every session of that person, audited', async () => {
    const other = await login(app, kefu.email, TEST_USER_PASSWORD);
    const removed = await post<StaffList>(owner, '/api/admin/staff/remove', { user_id: kefu.id });
    expect(removed.code, removed.msg).toBe(0);
    expect(removed.data.members.some((m) => m.user_id === kefu.id)).toBe(false);
    for (const cookie of [kefu.cookie, other]) {
      expect((await call(app, '/api/user/userinfo', {}, { cookie })).result.code).toBe(Codes.SESSION_EXPIRED);
    }
    const again = await login(app, kefu.email, TEST_USER_PASSWORD);
    expect((await info(again)).staff).toBeNull();
    expect((await post(again, '/api/admin/users/userlist', { number: 10, filterStr: '' })).code).toBe(Codes.FORBIDDEN);
    expect((await auditOf(app, 'staff', kefu.id)).map((r) => r.action)).toEqual(['create', 'delete']);
    // Nobody holds it now: it can go.
    expect((await post(owner, '/api/admin/staff/role_delete', { id: roleId })).code).toBe(0);
  });
});

describe('no escalation', () => {
  it('staff with staff.edit cannot appoint, promote or edit into more than they hold', async () => {
    const roles = await post<StaffList>(owner, '/api/admin/staff/role_update', {
      name: '人事',
      permissions: ['staff.read', 'staff.edit', 'users.read'],
    });
    const hr = roles.data.roles.find((r) => r.name === '人事')!.id;
    const person = await signedInUser(app);
    expect((await post(owner, '/api/admin/staff/appoint', { email: person.email, role: hr })).code).toBe(0);
    const target = await signedInUser(app);
    const yunying = await signedInUser(app, { type: 'yunying' });
    const before = await tableDigest(app);
    for (const [path, payload] of [
      ['/api/admin/staff/appoint', { email: target.email, role: 'admin' }],
      ['/api/admin/staff/appoint', { email: target.email, role: 'yunying' }],
      ['/api/admin/staff/change_role', { user_id: person.id, role: 'admin' }],
      ['/api/admin/staff/change_role', { user_id: yunying.id, role: hr }],
      ['/api/admin/staff/remove', { user_id: yunying.id }],
      ['/api/admin/staff/role_update', { id: hr, name: '人事', permissions: ['staff.edit', 'settings.secrets'] }],
      ['/api/admin/config/set_config', { yunying_list: target.email }],
    ] as const) {
      const result = await post(person.cookie, path, payload);
      expect(result.code, `${path} ${JSON.stringify(payload)}: ${result.msg}`).toBe(Codes.FORBIDDEN);
    }
    expect(await tableDigest(app)).toEqual(before);
    // Within their own permissions it works: another 人事.
    expect((await post(person.cookie, '/api/admin/staff/appoint', { email: target.email, role: hr })).code).toBe(0);
  });

  it('an admin without the owner cannot change secrets-free settings into admin_id, and settings.secrets guards payment keys', async () => {
    const role = await post<StaffList>(owner, '/api/admin/staff/role_update', {
      name: '配置员',
      permissions: ['settings.read', 'settings.edit'],
    });
    const id = role.data.roles.find((r) => r.name === '配置员')!.id;
    const person = await signedInUser(app);
    expect((await post(owner, '/api/admin/staff/appoint', { email: person.email, role: id })).code).toBe(0);
    expect((await post(person.cookie, '/api/admin/config/set_config', { notice_title: '配置员改的' })).code).toBe(0);
    expect((await post(person.cookie, '/api/admin/config/set_config', { usdtpay: '', alipay: 'off' })).code).toBe(
      Codes.FORBIDDEN,
    );
    expect((await post(owner, '/api/admin/config/set_config', { alipay: 'off' })).code).toBe(0);
  });
});

describe('yunying_list and admin_id settings', () => {
  it('yunying_list takes e-mails (stored as ids) and makes them operations staff on the next request', async () => {
    const ops = await signedInUser(app, { email: 'listed-ops@example.com' });
    expect((await post(ops.cookie, '/api/yunying/coupon/coupon_list')).code).toBe(Codes.FORBIDDEN);
    const saved = await post(owner, '/api/admin/config/set_config', {
      yunying_list: 'Listed-Ops@example.com, nobody-here@example.com',
    });
    expect(saved.code).toBe(Codes.INVALID_PAYLOAD);
    expect((await post(owner, '/api/admin/config/set_config', { yunying_list: 'Listed-Ops@example.com' })).code).toBe(
      0,
    );
    const [row] = await app.database.query<{ value: string }>(
      "SELECT value #>> '{}' AS value FROM settings WHERE key = 'yunying_list'",
    );
    expect(row!.value).toBe(ops.id);
    expect((await post(ops.cookie, '/api/yunying/coupon/coupon_list')).code).toBe(0);
    expect((await post(ops.cookie, '/api/admin/users/userlist', { number: 10, filterStr: '' })).code).toBe(
      Codes.FORBIDDEN,
    );
    expect(await info(ops.cookie)).toMatchObject({ type: 'yunying', staff: { role: 'yunying', owner: false } });
    const list = await post<StaffList>(owner, '/api/admin/staff/list');
    expect(list.data.members.find((m) => m.user_id === ops.id)).toMatchObject({
      source: 'yunying_list',
      role: 'yunying',
    });
    expect(list.data.members.find((m) => m.source === 'owner')?.email).toBe(TEST_ADMIN.email);
    expect((await post(owner, '/api/admin/config/set_config', { yunying_list: '' })).code).toBe(0);
    expect((await post(ops.cookie, '/api/yunying/coupon/coupon_list')).code).toBe(Codes.FORBIDDEN);
  });

  it('the owner hands admin_id to someone else, who then holds every permission', async () => {
    const heir = await signedInUser(app, { email: 'heir@example.com' });
    expect((await post(owner, '/api/admin/config/set_config', { admin_id: 'heir@example.com' })).code).toBe(0);
    expect((await info(heir.cookie)).staff).toMatchObject({ role: 'admin', owner: true });
    // The former owner stays an admin (appointed), no longer the owner.
    expect((await info(owner)).staff).toMatchObject({ role: 'admin', owner: false });
    expect((await post(heir.cookie, '/api/admin/config/set_config', { admin_id: TEST_ADMIN.email })).code).toBe(0);
    expect((await info(owner)).staff?.owner).toBe(true);
  });
});
