/**
 * The back office's permission model (issue 25): permissions named resource.action, built-in
 * roles, and what a role may do. The BFF checks a route's permission on every call; the admin
 * remote shows screens and buttons from the same list.
 */
export const PERMISSIONS = [
  { key: 'coupons.read', label: '查看优惠券与使用记录', group: '运营' },
  { key: 'coupons.edit', label: '编辑优惠券、恢复使用记录', group: '运营' },
  { key: 'prizes.read', label: '查看奖品', group: '运营' },
  { key: 'prizes.edit', label: '编辑奖品', group: '运营' },
  { key: 'users.read', label: '查看用户', group: '用户' },
  { key: 'users.edit', label: '编辑用户、修改用户密码', group: '用户' },
  { key: 'tickets.read', label: '查看工单', group: '用户' },
  { key: 'tickets.answer', label: '回复、关闭工单', group: '用户' },
  { key: 'traffic.read', label: '查看流量记录', group: '用户' },
  { key: 'trades.read', label: '查看交易流水', group: '财务' },
  { key: 'withdrawals.read', label: '查看提现', group: '财务' },
  { key: 'withdrawals.settle', label: '处理提现', group: '财务' },
  { key: 'statistics.read', label: '查看统计', group: '财务' },
  { key: 'products.read', label: '查看商品', group: '网络' },
  { key: 'products.edit', label: '编辑商品', group: '网络' },
  { key: 'network.read', label: '查看节点、入口、线路与线路权限', group: '网络' },
  { key: 'network.edit', label: '编辑节点、入口、线路与线路权限', group: '网络' },
  { key: 'settings.read', label: '查看配置', group: '系统' },
  { key: 'settings.edit', label: '修改配置', group: '系统' },
  { key: 'settings.secrets', label: '修改支付密钥等机密配置', group: '系统' },
  { key: 'staff.read', label: '查看员工', group: '系统' },
  { key: 'staff.edit', label: '任免员工', group: '系统' },
  { key: 'audit.read', label: '查看审计日志', group: '系统' },
  { key: 'errors.read', label: '查看操作日志', group: '系统' },
  { key: 'errors.clear', label: '清空操作日志', group: '系统' },
  { key: 'notifications.read', label: '查看通知投递', group: '系统' },
  { key: 'notifications.resend', label: '重新发送通知、发送测试通知', group: '系统' },
] as const;

export type StaffPermission = (typeof PERMISSIONS)[number]['key'];

export const permissionKeys: readonly StaffPermission[] = PERMISSIONS.map((p) => p.key);

const keySet: ReadonlySet<string> = new Set(permissionKeys);
export const isPermission = (key: string): key is StaffPermission => keySet.has(key);

/** The groups of the catalogue, in order, for checkbox lists. */
export const permissionGroups: readonly string[] = [...new Set(PERMISSIONS.map((p) => p.group))];

export type BuiltinRoleId = 'admin' | 'yunying';

export const BUILTIN_ROLES: Readonly<Record<BuiltinRoleId, { name: string; permissions: readonly StaffPermission[] }>> =
  {
    admin: { name: '管理员', permissions: permissionKeys },
    /** Operations staff: exactly what the spec's yunying could do (coupons, coupon records, prizes). */
    yunying: { name: '运营', permissions: ['coupons.read', 'coupons.edit', 'prizes.read', 'prizes.edit'] },
  };

export const isBuiltinRole = (id: string): id is BuiltinRoleId => id === 'admin' || id === 'yunying';

/**
 * A role's permissions: a built-in role's from the code (admin gains every permission added
 * later), a custom role's from what it stores, unknown keys dropped.
 */
export function permissionsOfRole(roleId: string, stored: readonly string[] = []): StaffPermission[] {
  if (isBuiltinRole(roleId)) return [...BUILTIN_ROLES[roleId].permissions];
  return permissionKeys.filter((key) => stored.includes(key));
}

/** The caller's place in the back office, as /api/user/userinfo reports it (null for everyone else). */
export interface StaffInfo {
  role: string;
  roleName: string;
  /** The owner (setting admin_id): every permission, protected from everyone else. */
  owner: boolean;
  permissions: StaffPermission[];
}

/** How someone came to be staff. */
export type StaffSource = 'owner' | 'screen' | 'yunying_list';

/** One row of the staff screen. */
export interface StaffMember {
  user_id: string;
  email: string;
  role: string;
  roleName: string;
  /** When they were appointed (ISO); null for the owner and yunying_list entries without an appointment. */
  since: string | null;
  source: StaffSource;
  lastSignIn: string | null;
  /** The second factor they have: 'none', 'totp', 'passkey' or 'both'. */
  secondFactor: string;
}

export interface StaffRole {
  id: string;
  name: string;
  permissions: StaffPermission[];
  builtin: boolean;
  /** How many people hold it through the staff screen. */
  members: number;
}

export interface StaffList {
  members: StaffMember[];
  roles: StaffRole[];
  /** Whether the caller is the owner (who alone edits roles). */
  owner: boolean;
}

/** The staff rules' answers (BFF) and the staff screen's texts (mf-admin). */
export const staffMessages = {
  forbidden: '没有权限',
  secretsRefused: '没有修改支付与机密配置的权限',
  ownerOnly: '只有站长可以进行此操作',
  yunyingListRefused: '没有任免运营人员的权限',
  ownerProtected: '站长不能被他人修改、降级、停用或更改密码',
  notYourself: '不能更改自己的角色',
  escalation: '不能授予超出自己权限的角色',
  unknownUser: (entry: string) => `找不到用户：${entry}`,
  unknownRole: '角色不存在',
  roleInUse: (count: number) => `该角色仍有 ${count} 名员工，请先为他们更换角色`,
  roleNameTaken: '角色名称已被使用',
  builtinRole: '内置角色不能修改或删除',
  notStaff: '该用户不是经员工管理任命的员工',
  alreadyStaff: '该用户已经是员工，请使用更改角色',
} as const;
