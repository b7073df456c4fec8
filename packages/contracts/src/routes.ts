/**
 * The route table of both spec documents: one entry per hash route, with its owning remote,
 * page title and description, menu label and the roles and agency visibility of its menu entry.
 * The shell builds its router and header menu from this table; nothing else lists routes.
 */
import type { StaffPermission } from './staff.js';

export type RemoteName = 'mf_user' | 'mf_shop' | 'mf_tutorials' | 'mf_admin';
export type Role = 'admin' | 'normal' | 'channel' | 'yunying' | 'none';

export interface RouteDef {
  /** Hash path, e.g. '/shop'. */
  path: string;
  /** Key of the page inside the owning remote's exposed page map. */
  page: string;
  remote: RemoteName;
  title: string;
  description: string;
  /** A stored session is needed to open the route (client guard only; the BFF decides data access). */
  loginRequired: boolean;
  /** Header menu label, when the route has a menu entry. */
  menuLabel?: string;
  /** Roles whose header menu shows this entry ('none' = a user without a type, or a visitor). */
  menuRoles?: readonly Role[];
  /** Back-office screens: the permission that opens it (issue 25; the BFF checks every call anyway). */
  permission?: StaffPermission;
  /** false: hidden from agency users (menu entry hidden, page not usable in agency mode). */
  agencyVisible: boolean;
  /** Back-office screens: the sidebar group the entry sits in (see `adminGroups`); not in the header menu. */
  group?: AdminGroup;
}

/** The back office's sidebar groups, by task, in sidebar order. */
export const adminGroups = [
  { id: 'ops', label: '运营' },
  { id: 'users', label: '用户' },
  { id: 'finance', label: '财务' },
  { id: 'network', label: '网络' },
  { id: 'system', label: '系统' },
] as const;
export type AdminGroup = (typeof adminGroups)[number]['id'];

export const PRODUCT_NAME = '云梯加速';
export const DEFAULT_TITLE = `${PRODUCT_NAME} - 安全、快速、低延迟的网络加速服务`;
export const DEFAULT_DESCRIPTION =
  '云梯加速提供安全、快速、低延迟的加密传输网络，多国家原生住宅 IP，全平台客户端，不限设备不限速；邀请好友消费即可获得现金返利。';

const ALL_ROLES: readonly Role[] = ['admin', 'normal', 'channel', 'yunying', 'none'];
const SIGNED_ROLES: readonly Role[] = ['admin', 'normal', 'channel', 'yunying'];
const NO_NORMAL_ROLES: readonly Role[] = ['admin', 'none', 'channel', 'yunying'];
const OPS_ROLES: readonly Role[] = ['admin', 'yunying'];
const ADMIN_ROLES: readonly Role[] = ['admin'];

type Def = Omit<RouteDef, 'description' | 'agencyVisible' | 'loginRequired'> &
  Partial<Pick<RouteDef, 'description' | 'agencyVisible' | 'loginRequired'>>;

function route(def: Def): RouteDef {
  return {
    description: DEFAULT_DESCRIPTION,
    agencyVisible: true,
    loginRequired: false,
    ...def,
    title: `${def.title} - ${PRODUCT_NAME}`,
  };
}

function tutorial(path: string, client: string, platform: string): RouteDef {
  return route({
    path,
    page: path.slice(1),
    remote: 'mf_tutorials',
    title: `${client} ${platform}使用教程`,
    description: `${client}（${platform}）图文教程：下载安装、一键导入订阅、手动导入订阅、开启代理、规则与自动更新、常见问题。`,
  });
}

function admin(
  path: string,
  label: string,
  group: AdminGroup,
  permission: StaffPermission,
  roles: readonly Role[] = ADMIN_ROLES,
): RouteDef {
  return route({
    path,
    page: path.slice(1),
    remote: 'mf_admin',
    title: label,
    menuLabel: label,
    menuRoles: roles,
    permission,
    group,
    loginRequired: true,
    agencyVisible: false,
  });
}

export const routes: readonly RouteDef[] = [
  route({
    path: '/',
    page: 'dashboard',
    remote: 'mf_user',
    title: '使用教程',
    menuLabel: '使用教程',
    menuRoles: ALL_ROLES,
  }),
  route({ path: '/tutorial', page: 'dashboard', remote: 'mf_user', title: '使用教程' }),
  route({ path: '/login', page: 'login', remote: 'mf_user', title: '登录' }),
  route({ path: '/register', page: 'register', remote: 'mf_user', title: '注册' }),
  route({ path: '/confirm', page: 'confirm', remote: 'mf_user', title: '账号确认' }),
  route({ path: '/reset', page: 'reset', remote: 'mf_user', title: '找回密码' }),
  route({
    path: '/shop',
    page: 'shop',
    remote: 'mf_shop',
    title: '商店',
    menuLabel: '商店',
    menuRoles: ALL_ROLES,
    agencyVisible: false,
  }),
  route({
    path: '/agents',
    page: 'agents',
    remote: 'mf_user',
    title: '节点列表',
    menuLabel: '节点列表',
    menuRoles: ALL_ROLES,
  }),
  route({
    path: '/channel',
    page: 'channel',
    remote: 'mf_user',
    title: '邀请返利',
    menuLabel: '邀请返利',
    menuRoles: NO_NORMAL_ROLES,
    agencyVisible: false,
  }),
  route({
    path: '/order',
    page: 'order',
    remote: 'mf_shop',
    title: '订单记录',
    menuLabel: '订单记录',
    menuRoles: SIGNED_ROLES,
    agencyVisible: false,
  }),
  route({
    path: '/traffic_records',
    page: 'traffic_records',
    remote: 'mf_user',
    title: '流量记录',
    menuLabel: '流量记录',
    menuRoles: SIGNED_ROLES,
  }),
  route({
    path: '/wallet',
    page: 'wallet',
    remote: 'mf_user',
    title: '钱包',
    menuLabel: '钱包',
    menuRoles: NO_NORMAL_ROLES,
  }),
  route({
    path: '/windows_errors',
    page: 'windows_errors',
    remote: 'mf_tutorials',
    title: '常见问题',
    menuLabel: '常见问题',
    menuRoles: SIGNED_ROLES,
  }),
  route({
    path: '/feedback',
    page: 'feedback',
    remote: 'mf_user',
    title: '问题反馈',
    menuLabel: '问题反馈',
    menuRoles: SIGNED_ROLES,
  }),
  route({
    path: '/push',
    page: 'push',
    remote: 'mf_user',
    title: '流量转赠',
    menuLabel: '流量转赠',
    menuRoles: SIGNED_ROLES,
  }),
  // Ours: the lottery draw of issue 13 (the spec has prizes and prizeBaseCost but no user screen).
  route({
    path: '/lottery',
    page: 'lottery',
    remote: 'mf_user',
    title: '幸运抽奖',
    menuLabel: '幸运抽奖',
    menuRoles: SIGNED_ROLES,
    loginRequired: true,
  }),
  route({
    path: '/user_info',
    page: 'user_info',
    remote: 'mf_user',
    title: '我的账户',
    menuLabel: '我的账户',
    menuRoles: SIGNED_ROLES,
    loginRequired: true,
  }),
  route({ path: '/orderinfo', page: 'orderinfo', remote: 'mf_shop', title: '订单详情', agencyVisible: false }),
  route({ path: '/checkout', page: 'checkout', remote: 'mf_shop', title: '结账', agencyVisible: false }),
  route({ path: '/apple_id_share', page: 'apple_id_share', remote: 'mf_user', title: '共享 Apple ID' }),
  route({
    path: '/apple_id_signup_guide',
    page: 'apple_id_signup_guide',
    remote: 'mf_tutorials',
    title: '海外 Apple ID 注册教程',
    description: '五步注册海外 Apple ID：大陆商店没有加速类应用，推荐下载免费应用，付费应用可使用美国虚拟信用卡。',
  }),
  tutorial('/flclash_for_pc', 'FLClash', 'Windows '),
  tutorial('/clash_for_windows', 'Clash', 'Windows '),
  tutorial('/v2rayng_for_windows', 'v2rayN', 'Windows '),
  tutorial('/singbox_for_win', 'SingBox', 'Windows '),
  tutorial('/flclash_for_android', 'FLClash', 'Android '),
  tutorial('/singbox_for_android', 'SingBox', 'Android '),
  tutorial('/clash_for_android', 'Clash', 'Android '),
  tutorial('/clash_meta_for_android', 'Clash Meta', 'Android '),
  tutorial('/v2rayng_for_android', 'v2rayNG', 'Android '),
  tutorial('/ss_for_ios', 'Shadowrocket', 'iOS '),
  tutorial('/singbox_for_ios', 'SingBox', 'iOS '),
  tutorial('/quantumultx_for_ios', 'QuantumultX', 'iOS '),
  tutorial('/streisand_for_ios', 'Streisand', 'iOS '),
  tutorial('/v2box_for_ios', 'V2Box', 'iOS '),
  tutorial('/quantumult_for_ios', 'Quantumult', 'iOS '),
  tutorial('/singbox_for_mac', 'SingBox', 'Mac '),
  tutorial('/clash_for_macos', 'ClashX', 'macOS '),
  // The header's one entry into the back office: the admin remote sends it on to the first screen the user may open.
  route({
    path: '/admin',
    page: 'admin',
    remote: 'mf_admin',
    title: '后台管理',
    menuLabel: '后台管理',
    menuRoles: OPS_ROLES,
    loginRequired: true,
    agencyVisible: false,
  }),
  admin('/admin_coupon', '优惠券管理', 'ops', 'coupons.read', OPS_ROLES),
  admin('/coupon_records', '优惠券记录', 'ops', 'coupons.read', OPS_ROLES),
  admin('/admin_prize', '抽奖管理', 'ops', 'prizes.read', OPS_ROLES),
  admin('/admin_userlist', '用户管理', 'users', 'users.read'),
  admin('/all_traffic_records', '所有流量记录', 'users', 'traffic.read'),
  admin('/admin_tradeList', '交易流水', 'finance', 'trades.read'),
  admin('/admin_charge', '提现管理', 'finance', 'withdrawals.read'),
  admin('/admin_stastic', '统计', 'finance', 'statistics.read'),
  admin('/admin_agents', '节点管理', 'network', 'network.read'),
  admin('/admin_entrys', '入口管理', 'network', 'network.read'),
  admin('/admin_agentLines', '线路管理', 'network', 'network.read'),
  admin('/admin_combos', '商品管理', 'network', 'products.read'),
  admin('/admin_permissions', '权限管理', 'network', 'network.read'),
  admin('/admin_config', '配置', 'system', 'settings.read'),
  // Ours (issue 25): who holds which role, and the roles (sets of permissions).
  admin('/admin_staff', '员工管理', 'system', 'staff.read'),
  admin('/admin_roles', '角色管理', 'system', 'staff.read'),
  // Ours, beyond the spec: every back-office write with its operator and the fields it changed.
  admin('/admin_audit', '审计日志', 'system', 'audit.read'),
  admin('/admin_error', '操作日志', 'system', 'errors.read'),
  admin('/admin_notifications', '通知投递', 'system', 'notifications.read'),
];

export const remoteNames: readonly RemoteName[] = ['mf_user', 'mf_shop', 'mf_tutorials', 'mf_admin'];

/** Folder / deployable name of a remote ('mf_user' → 'mf-user'). */
export function remoteFolder(remote: RemoteName): string {
  return remote.replace('_', '-');
}

export function findRoute(path: string): RouteDef | undefined {
  return routes.find((r) => r.path === path);
}

/** Pages a remote must expose: the distinct page keys of its routes. */
export function pagesOf(remote: RemoteName): string[] {
  return [...new Set(routes.filter((r) => r.remote === remote).map((r) => r.page))];
}

/**
 * Header menu entries visible to a role, in menu order, respecting agency mode. The back-office
 * screens (routes with a `group`) are in the admin remote's sidebar instead; the header has 后台管理.
 */
export function menuFor(role: Role, isAgency: boolean, staff = false): RouteDef[] {
  // Staff in any role (issue 25: a custom role keeps the user's own type) get the back office's entry.
  const shown = (r: RouteDef) => r.menuRoles?.includes(role) === true || (staff && r.path === '/admin');
  return routes.filter((r) => r.menuLabel && !r.group && shown(r) && (!isAgency || r.agencyVisible));
}

/** The back-office screens of a sidebar group, in sidebar order. */
export function adminScreensOf(group: AdminGroup): RouteDef[] {
  return routes.filter((r) => r.group === group);
}
