import { type StaffPermission, type StaffRole, type StaffRoleForm } from '@portal/contracts';
import { PERMISSIONS } from '@portal/contracts/staff';
import { StaffRoleForm as StaffRoleFormSchema } from '@portal/contracts/schemas';
import type { CallResult } from '@portal/platform';
import { column, flagColumn, keyColumn, numberColumn } from '../../engine/columns';
import { fieldList } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { deleteStaffRole, staffList, updateStaffRole } from './api/staff';
import { staffLabels } from './labels';

const t = staffLabels.roles;

export type RoleRow = StaffRole & { _id: string };

async function roleRows(): Promise<CallResult<RoleRow[]>> {
  const result = await staffList();
  return { ...result, data: result.code === 0 ? result.data.roles.map((r) => ({ ...r, _id: r.id })) : [] };
}

const labelOf = new Map<string, string>(PERMISSIONS.map((p) => [p.key, `${p.group} · ${p.label}`]));

/** The permission catalogue as checkboxes under their group's heading (运营, 用户, 财务, 网络, 系统). */
const permissionOptions = PERMISSIONS.map((p) => ({ value: p.key, label: `${p.label}（${p.key}）`, group: p.group }));

function saveRole(values: StaffRoleForm) {
  const id = values._id === undefined || values._id === '' ? undefined : values._id;
  return updateStaffRole({
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    permissions: values.permissions,
  });
}

/**
 * /admin_roles (issue 25): roles as sets of permissions. The built-in 管理员 and 运营 are fixed;
 * the owner adds and edits custom roles (the BFF refuses everyone else, and a role in use).
 */
export const rolesResource: ResourceDefinition<RoleRow, StaffRoleForm> = {
  title: t.title,
  noun: t.noun,
  testId: 'roles',
  editPermission: 'staff.edit',
  auditType: 'staff_role',
  list: roleRows,
  columns: [
    keyColumn(t, 'name'),
    flagColumn('builtin', t.builtin, (row) => row.builtin, t.builtinLabels),
    numberColumn('members', t.members, (row) => row.members),
    column('permissions', t.permissions, (row) => row.permissions.map((p) => labelOf.get(p) ?? p).join('、'), {
      wrap: true,
    }),
  ],
  form: {
    schema: StaffRoleFormSchema,
    fields: fieldList<StaffRoleForm>(t, [
      ['name', { help: t.ownerOnly }],
      ['permissions', { kind: 'checkboxes', options: permissionOptions, wide: true }],
    ]),
    defaults: () => ({ _id: '', name: '', permissions: [] as StaffPermission[] }),
    toForm: (row) => ({ _id: row._id, name: row.name, permissions: row.permissions }),
    save: outcome({ call: saveRole, success: t.saved, failure: t.saveFailed }),
  },
  remove: outcome({ call: deleteStaffRole, success: t.deleted, failure: t.deleteFailed }),
};
