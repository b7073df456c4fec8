import { Codes, type StaffPermission as Permission } from '@portal/contracts';
import { BUILTIN_ROLES, permissionsOfRole, staffMessages as messages } from '@portal/contracts/staff';
import { DomainError } from '../../lib/domain-error.js';
import type { SessionStaffRow, SessionUser } from '../sessions/index.js';
import { settingDefinitions, type SettingDefinition, type SettingKey } from '../settings/definitions.js';

/** The caller's place in the back office, resolved on every request (plugins/app/auth.ts). */
export interface Staff {
  roleId: string;
  roleName: string;
  permissions: ReadonlySet<Permission>;
  /** The owner (setting admin_id): every permission; nobody else may demote, disable or re-password them. */
  owner: boolean;
}

/** The entries of admin_id / yunying_list: e-mails or ids, separated by commas, semicolons, spaces or new lines. */
export function listEntries(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(/[\s,;，；]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Whether an entry (an id, or an e-mail in any case) names this user. */
export function namesUser(entry: string, user: Pick<SessionUser, 'id' | 'email'>): boolean {
  return entry === user.id || entry.toLowerCase() === user.email.toLowerCase();
}

export const isOwner = (ownerSetting: unknown, user: Pick<SessionUser, 'id' | 'email'>): boolean =>
  listEntries(ownerSetting)
    .slice(0, 1)
    .some((entry) => namesUser(entry, user));

export const inYunyingList = (yunyingSetting: unknown, user: Pick<SessionUser, 'id' | 'email'>): boolean =>
  listEntries(yunyingSetting).some((entry) => namesUser(entry, user));

const builtin = (roleId: 'admin' | 'yunying', owner = false): Staff => ({
  roleId,
  roleName: BUILTIN_ROLES[roleId].name,
  permissions: new Set(permissionsOfRole(roleId)),
  owner,
});

/**
 * Who the user is in the back office: the owner (admin_id) holds every permission; otherwise an
 * appointment on the staff screen decides; otherwise yunying_list makes them operations staff.
 */
export function staffOf(user: Pick<SessionUser, 'id' | 'email'>, row: SessionStaffRow): Staff | null {
  if (isOwner(row.ownerSetting, user)) return builtin('admin', true);
  if (row.roleId !== null) {
    return {
      roleId: row.roleId,
      roleName: row.roleName ?? row.roleId,
      permissions: new Set(permissionsOfRole(row.roleId, row.rolePermissions ?? [])),
      owner: false,
    };
  }
  if (inYunyingList(row.yunyingSetting, user)) return builtin('yunying');
  return null;
}

/** Settings whose change needs settings.secrets: payment settings, every secret, and the guarded ones (the webhook's address). */
export function isSecretSetting(key: SettingKey): boolean {
  const definition: SettingDefinition = settingDefinitions[key];
  return (
    definition.group === '支付' ||
    definition.secret === true ||
    definition.secretProperties !== undefined ||
    definition.guarded === true
  );
}

/** Whether `staff` may give someone `permissions` (nobody grants more than they hold). */
export const canGrant = (staff: Staff, permissions: Iterable<Permission>): boolean =>
  staff.owner || [...permissions].every((p) => staff.permissions.has(p));

/**
 * A save of the configuration screen (already allowed settings.edit): payment settings and secrets
 * need settings.secrets; admin_id only the owner changes; yunying_list needs staff.edit and the
 * yunying permissions.
 */
export function authorizeSettingsChange(staff: Staff | null, changed: readonly SettingKey[]): void {
  const refuse = (message: string) => new DomainError(Codes.FORBIDDEN, message);
  if (staff === null) throw refuse(messages.forbidden);
  if (changed.some(isSecretSetting) && !staff.permissions.has('settings.secrets'))
    throw refuse(messages.secretsRefused);
  if (changed.includes('admin_id') && !staff.owner) throw refuse(messages.ownerOnly);
  if (
    changed.includes('yunying_list') &&
    (!staff.permissions.has('staff.edit') || !canGrant(staff, permissionsOfRole('yunying')))
  ) {
    throw refuse(messages.yunyingListRefused);
  }
}
