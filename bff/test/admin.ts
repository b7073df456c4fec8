/** Test support for the back office: an admin session, the admin calls, valid records and the audit rows. */
import type { AgentUpdate, CouponUpdate, EntryUpdate, LineUpdate } from '@portal/contracts/schemas';
import type { ApiResult } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { randomHex } from '../src/lib/random.js';
import { call, signedInUser } from './api.js';
import { buildTestApp, type TestAppOptions } from './build-test-app.js';

export interface Admin {
  id: string;
  email: string;
  cookie: string;
  /** One admin call: the envelope's code, data and msg. */
  post<T = unknown>(path: string, payload?: unknown): Promise<ApiResult<T>>;
}

export async function signedInAdmin(app: FastifyInstance, email?: string): Promise<Admin> {
  const user = await signedInUser(app, { type: 'admin', ...(email === undefined ? {} : { email }) });
  return {
    ...user,
    post: async <T>(path: string, payload: unknown = {}) =>
      (await call<T>(app, path, payload, { cookie: user.cookie })).result,
  };
}

/** A test app with a signed-in admin (the usual start of a back-office test). */
export async function startAdminApp(options: TestAppOptions = {}): Promise<{ app: FastifyInstance; admin: Admin }> {
  const app = await buildTestApp(options);
  return { app, admin: await signedInAdmin(app) };
}

export function agentInput(overrides: Partial<AgentUpdate> = {}): AgentUpdate {
  return {
    index: 1,
    name: `节点 ${randomHex(3)}`,
    country: { name: '日本', flag: '🇯🇵', code: 'JP' },
    type: 'v2ray',
    serverType: 'ubuntu_x86',
    ip: '203.0.113.50',
    host: 'node.example.com',
    ctrl_port: 888,
    zz_port: 10087,
    port: 10086,
    public_port: 443,
    desc: '测试节点',
    warp: false,
    open_log: false,
    ssh_port: 22,
    ssh_username: 'root',
    ssh_password: '',
    enabled: true,
    ...overrides,
  };
}

/** A valid coupon edit (/api/yunying/coupon/update_coupon): a 1 TiB free-use coupon, 1,000 uses, no expiry. */
export function couponInput(overrides: Partial<CouponUpdate> = {}): CouponUpdate {
  return {
    name: '测试券',
    type: 'freeUse',
    code: `T${randomHex(4).toUpperCase()}`,
    taobao: false,
    traffic: 1024 ** 4,
    traffixHaveLimitTime: false,
    traffixLimitTime: 0,
    vipDay: 0,
    forMoney: 0,
    discount: 1,
    useNumPerUser: 1,
    NumberOfAuthorizations: 1000,
    expireTime: null,
    ...overrides,
  };
}

export function entryInput(overrides: Partial<EntryUpdate> = {}): EntryUpdate {
  return {
    index: 1,
    name: `入口 ${randomHex(3)}`,
    ip: '198.51.100.7',
    ipList: ['198.51.100.7', '198.51.100.8'],
    desc: '',
    visible: true,
    ...overrides,
  };
}

export function lineInput(agentID: string, overrides: Partial<LineUpdate> = {}): LineUpdate {
  return {
    index: 1,
    name: `线路 ${randomHex(3)}`,
    agentID,
    protocol: 'vmesh_tcp',
    bridge: 'none',
    entryID: '',
    scale: 1,
    num: 1,
    public: true,
    fixName: false,
    disableForAgency: false,
    permissionRequire: '',
    msg: '',
    ...overrides,
  };
}

export interface AuditRowSeen {
  operator_id: string;
  operator_email: string;
  record_type: string;
  record_id: string;
  action: string;
  detail: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit rows of one record, oldest first. */
export async function auditOf(app: FastifyInstance, recordType: string, recordId: string): Promise<AuditRowSeen[]> {
  return app.database.query<AuditRowSeen>(
    `SELECT operator_id, operator_email, record_type, record_id, action::text AS action, detail, before, after
       FROM audit_log WHERE record_type = $1 AND record_id = $2 ORDER BY created_at, id`,
    [recordType, recordId],
  );
}

/**
 * One digest per table of every row, to see that a refused call changed nothing anywhere. Not the
 * jobs' heartbeats (background runs), the rate-limit counters (they count requests), nor the
 * statistics rollup (a background job writes it 30 s after start, whatever the calls do).
 */
export async function tableDigest(app: FastifyInstance): Promise<Record<string, string>> {
  const tables = await app.database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('job_runs', 'rate_limits', 'statistics_daily') ORDER BY 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t`,
  );
  const rows = await app.database.query<{ name: string; sum: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** A valid /api/admin/combo/update_combo payload ('' as `_id` creates a product). */
export function comboUpdate(overrides: Record<string, unknown> = {}) {
  return {
    _id: '',
    name: '测试包',
    price: 10,
    trafficG: 10,
    vipDuration: 0,
    limit: 0,
    additionPersend: 0,
    deviceNum: 0,
    speed: '',
    permissionsGain: [],
    permissionDuration: 0,
    permissionsDesc: '',
    orderID: 0,
    ...overrides,
  };
}
