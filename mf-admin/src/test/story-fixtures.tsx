import {
  cookieNames,
  GiB,
  type AdminAgent,
  type AdminConfig,
  type AdminEntry,
  type AdminLine,
  type AdminPermission,
  type AuditEntry,
  type Combo,
  type ErrorLogEntry,
} from '@portal/contracts';
import { HttpUrl, SECRET_MASK } from '@portal/contracts/schemas';
import { removeCookie, useSession } from '@portal/platform';
import { apiHandler } from '@portal/storybook/api-mocks';
import { demoUser, setStoryPortal } from '@portal/storybook/fixtures';
import { expectShown, userEvent, within, type Decorator } from '@portal/storybook/story-kit';
import { AdminFrame } from '../app/admin-frame';
import { newCombo } from '../features/combos/lib/combo-form';
import { newLine } from '../features/lines/lib/line-rules';

/** Data and set-up shared by the mf-admin stories. */

/** An admin (or another type) signed in; no session cookie, the store holds the user. */
export function prepareAdmin(type: 'admin' | 'yunying' | 'normal' = 'admin'): void {
  setStoryPortal();
  removeCookie(cookieNames.token);
  useSession.getState().setUser(demoUser({ type, email: `${type}@example.com` }));
}

/** A staff member of a custom role holding only `permissions` (read-only screens, hidden actions). */
export function prepareStaff(roleName: string, permissions: string[]): void {
  useSession.getState().setUser(
    demoUser({
      type: 'normal',
      email: 'staff@example.com',
      staff: { role: 'r0', roleName, owner: false, permissions },
    }),
  );
}

/** The screens render inside the admin system, as in the shell (see pages.tsx). */
export const adminFrame: Decorator = (Story) => (
  <AdminFrame>
    <Story />
  </AdminFrame>
);

/** What every screen's stories share: the admin frame and a signed-in admin. */
export const asAdmin = { decorators: [adminFrame], loaders: [() => prepareAdmin()] };

/** Dialogs and toasts render in a portal, outside the story's canvas. */
export const page = () => within(document.body);

/**
 * How long a story waits for a list, a dialog or its chunk: the smoke run shares a busy machine
 * (npm test runs it beside the BFF suite and e2e), so the preview's own 10 s, not less.
 */
const WAIT = { timeout: 10_000 };

/** An alert dialog (a confirmation, the node secret) of this name, once it has faded in. */
export const alertDialog = (name: string) => expectShown(() => page().findByRole('alertdialog', { name }, WAIT));

/** The dialog of this name, once it has faded in. */
export const dialog = (name: string) => expectShown(() => page().findByRole('dialog', { name }, WAIT));

/** Answers the open confirmation with 确定. */
export async function confirm(): Promise<void> {
  const question = await expectShown(() => page().findByRole('alertdialog', { name: '请确认' }, WAIT));
  await userEvent.click(within(question).getByRole('button', { name: '确定' }));
}

/** A list's rows (its resource's test id), once loaded. */
export const rows = (canvas: HTMLElement, testId: string) => within(canvas).findAllByTestId(`${testId}-row`, {}, WAIT);

/** The row that mentions this text. */
export const rowWith = async (canvas: HTMLElement, testId: string, text: string) =>
  (await rows(canvas, testId)).find((row) => row.textContent?.includes(text))!;

/** Opens 新增 once the list (and what the form needs) has loaded. */
export async function openNew(canvas: HTMLElement, testId: string): Promise<void> {
  await rows(canvas, testId);
  await userEvent.click(within(canvas).getByRole('button', { name: '新增' }));
}

export const ids = {
  permission1: '665f1c2ab7e4d90012a3e001',
  permission2: '665f1c2ab7e4d90012a3e002',
  tokyo: '665f1c2ab7e4d90012a3a001',
  hongKong: '665f1c2ab7e4d90012a3a002',
  shanghai: '665f1c2ab7e4d90012a3f001',
  line1: '665f1c2ab7e4d90012a3c001',
  line2: '665f1c2ab7e4d90012a3c002',
} as const;

export function permission(overrides: Partial<AdminPermission> = {}): AdminPermission {
  return { _id: ids.permission1, name: 'line_exclusive_1', desc: '商务专线', useTimes: 12, ...overrides };
}
export const storyPermissions: AdminPermission[] = [
  permission(),
  permission({ _id: ids.permission2, name: 'line_game', desc: '游戏专线', useTimes: 3 }),
];

export function agent(overrides: Partial<AdminAgent> = {}): AdminAgent {
  return {
    _id: ids.tokyo,
    index: 1,
    name: '东京 01',
    nameEn: 'Tokyo 01',
    country: { name: '日本', flag: '🇯🇵', code: 'JP' },
    type: 'v2ray',
    serverType: 'ubuntu_x86',
    ip: '203.0.113.10',
    host: 'tokyo1.example.com',
    ctrl_port: 888,
    zz_port: 10087,
    port: 10086,
    public_port: 443,
    desc: '',
    warp: false,
    open_log: true,
    ssh_port: 22,
    ssh_username: 'root',
    ssh_password: SECRET_MASK,
    enabled: true,
    status: true,
    lastReportAt: '2026-11-24T08:00:00.000Z',
    agent_version: '1.4.2',
    updateConfigTimes: 7,
    upgradePending: false,
    hasSecret: true,
    speed: '1Gbps',
    orderID: 1,
    ...overrides,
  };
}
export const storyAgents: AdminAgent[] = [
  agent(),
  agent({
    _id: ids.hongKong,
    index: 2,
    name: '香港 H2',
    nameEn: 'Hong Kong H2',
    country: { name: '中国香港', flag: '🇭🇰', code: 'HK' },
    type: 'h2',
    ip: '198.51.100.20',
    host: 'hk1.example.com',
    ctrl_port: 999,
    zz_port: 443,
    port: 443,
    status: false,
    agent_version: '1.3.9',
    updateConfigTimes: 2,
  }),
];

export const storyEntries: AdminEntry[] = [
  {
    _id: ids.shanghai,
    index: 1,
    name: '上海入口',
    ip: '192.0.2.1',
    host: '',
    ipList: ['192.0.2.1', '192.0.2.2'],
    desc: '电信',
    visible: true,
  },
];

export function line(overrides: Partial<AdminLine> = {}): AdminLine {
  return {
    ...newLine([storyAgents[0]!]),
    _id: ids.line1,
    index: 1,
    name: '东京 01 中转',
    nameEn: 'Tokyo 01',
    entryID: ids.shanghai,
    hot: 12 * GiB,
    port: null,
    msg: '2026-11-24 08:00 同步成功',
    protocol: 'vmesh_ws',
    bridge: 'report',
    // The protocol's own settings, as the list sends them.
    ...{
      tls: true,
      sni: '',
      wsPath: '/ws',
      h2Path: '',
      ssMethod: '',
      ssServerKey: '',
      alterId: 0,
      vmessCipher: 'auto',
    },
    ...{ realityServerName: '', realityPublicKey: '', realityPrivateKey: '', realityShortId: '', flow: '' },
    ...overrides,
  };
}
export const storyLines: AdminLine[] = [
  line(),
  line({
    _id: ids.line2,
    index: 2,
    name: '香港 H2 直连',
    agentID: ids.hongKong,
    protocol: 'h2',
    bridge: 'none',
    entryID: '',
    permissionRequire: ids.permission1,
    hot: 0,
    msg: '',
    wsPath: '',
    h2Path: '/h2',
  }),
];

export function combo(overrides: Partial<Combo> = {}): Combo {
  const { trafficG: _ignored, ...product } = newCombo();
  return {
    ...product,
    _id: '665f1c2ab7e4d90012a3b001',
    name: '流量包 100G',
    price: 30,
    traffic: 100 * GiB,
    vipDuration: 0,
    limit: 0,
    orderID: 1,
    ...overrides,
  };
}
export const storyCombos: Combo[] = [
  combo(),
  combo({
    _id: '665f1c2ab7e4d90012a3b002',
    name: '商务专线月包',
    price: 99.9,
    traffic: 0,
    vipDuration: 30,
    limit: 100,
    permissionsGain: ['line_exclusive_1'],
    permissionDuration: 30,
    permissionsDesc: '商务专线（独享带宽）',
    orderID: 2,
  }),
];

export const storyErrors: ErrorLogEntry[] = [
  {
    _id: '665f1c2ab7e4d90012a3d001',
    createTime: '2026-11-24T07:59:00.000Z',
    name: 'TypeError',
    msg: "Cannot read properties of undefined (reading 'traffic')",
    stack:
      "TypeError: Cannot read properties of undefined (reading 'traffic')\n    at settle (fulfilment/service.ts:88:12)",
  },
  {
    _id: '665f1c2ab7e4d90012a3d002',
    createTime: '2026-11-23T12:00:00.000Z',
    name: 'Error',
    msg: 'connect ECONNREFUSED 127.0.0.1:5432',
    stack: 'Error: connect ECONNREFUSED 127.0.0.1:5432',
  },
];

export const storyAudit: AuditEntry[] = [
  {
    _id: '665f1c2ab7e4d90012a3d101',
    createTime: '2026-11-24T08:10:00.000Z',
    operatorId: '665f1c2ab7e4d90012a3c0ff',
    operatorEmail: 'admin@example.com',
    recordType: 'agent',
    recordId: ids.tokyo,
    action: 'update',
    detail: '',
    before: { name: '东京 01', ctrl_port: 999, ssh_password: SECRET_MASK },
    after: { name: '东京 01', ctrl_port: 888, ssh_password: SECRET_MASK },
  },
  {
    _id: '665f1c2ab7e4d90012a3d102',
    createTime: '2026-11-24T08:12:00.000Z',
    operatorId: '665f1c2ab7e4d90012a3c0ff',
    operatorEmail: 'admin@example.com',
    recordType: 'line',
    recordId: ids.line1,
    action: 'action',
    detail: 'reset_hot',
    before: null,
    after: null,
  },
];

/** One epay platform's row, titles naming its inputs (the BFF's EpayPlatform). */
const epayPlatformSchema = {
  type: 'object',
  required: ['gateway', 'pid', 'key'],
  properties: {
    gateway: HttpUrl(512, { title: '网关地址' }),
    pid: { type: 'string', maxLength: 64, title: '商户号（pid）' },
    key: { type: 'string', maxLength: 128, title: '密钥' },
  },
};

/** admin/config/get as the BFF sends it: each setting's TypeBox schema as JSON. */
export const storyConfig: AdminConfig = JSON.parse(
  JSON.stringify({
    fields: [
      { key: 'notice_show', label: '显示公告', group: '公告', schema: { type: 'boolean' } },
      { key: 'notice_title', label: '公告标题', group: '公告', schema: { type: 'string', maxLength: 200 } },
      { key: 'notice_content', label: '公告内容', group: '公告', schema: { type: 'string', maxLength: 20000 } },
      {
        key: 'notice_day_interval',
        label: '公告弹出间隔（天）',
        group: '公告',
        schema: { type: 'integer', minimum: 0, maximum: 365 },
      },
      {
        key: 'alipay',
        label: '支付宝支付通道',
        group: '支付',
        schema: {
          anyOf: [
            { const: 'sandbox', type: 'string' },
            { const: 'off', type: 'string' },
            { const: 'yi', type: 'string' },
          ],
        },
      },
      {
        key: 'usdt_api_key',
        label: 'TRC20 接口密钥',
        group: '支付',
        schema: { type: 'string', minLength: 8, maxLength: 64 },
        secret: true,
      },
      {
        key: 'epay_platforms',
        label: '第三方支付平台',
        group: '支付',
        // A record over the known platforms, each optional (the BFF's Partial(Record(...))).
        schema: {
          type: 'object',
          properties: Object.fromEntries(['yi', 'openx'].map((platform) => [platform, epayPlatformSchema])),
        },
        secretProperties: ['key'],
      },
      {
        key: 'exchange_rate',
        label: 'USDT 汇率',
        group: '支付',
        schema: { type: 'number', exclusiveMinimum: 0, maximum: 1000 },
      },
      { key: 'return_url', label: '支付完成后的返回地址', group: '支付', schema: HttpUrl() },
      {
        key: 'subscription_rules',
        label: '订阅：分流规则（TYPE,VALUE,POLICY）',
        group: '订阅',
        schema: { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 300 } },
      },
    ],
    values: {
      notice_show: true,
      notice_title: '系统维护通知',
      notice_content: '今晚 23:00 维护 30 分钟。',
      notice_day_interval: 1,
      alipay: 'sandbox',
      usdt_api_key: SECRET_MASK,
      epay_platforms: { yi: { gateway: 'https://pay.example.com', pid: '1001', key: SECRET_MASK } },
      exchange_rate: 7.2,
      return_url: '',
      subscription_rules: ['DOMAIN-SUFFIX,example.com,PROXY', 'MATCH,DIRECT'],
    },
  }),
) as AdminConfig;

/** The list calls of every screen, answered with the data above. */
export const listHandlers = [
  apiHandler('admin/permissions/list', storyPermissions),
  apiHandler('admin/agents/list', storyAgents),
  apiHandler('admin/entrys/list', storyEntries),
  apiHandler('admin/agent_line/list', storyLines),
  apiHandler('shop/list', storyCombos),
  apiHandler('admin/errors/list', storyErrors),
  apiHandler('admin/audit/list', storyAudit),
  apiHandler('admin/config/get', storyConfig),
];
