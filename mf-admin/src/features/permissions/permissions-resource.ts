import type { AdminPermission, PermissionUpdate } from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { PermissionUpdate as PermissionUpdateSchema } from '@portal/contracts/schemas';
import { keyColumn, keyNumberColumn } from '../../engine/columns';
import { fieldList } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { deletePermission } from './api/delete-permission';
import { permissionList } from './api/permission-list';
import { updatePermission } from './api/update-permission';

const t = {
  title: '权限管理',
  noun: '权限',
  name: '名称',
  nameHelp: '字母、数字、下划线或短横线，如 line_exclusive_1',
  desc: '描述',
  useTimes: '购买次数',
} as const;

/** /admin_permissions (spec-2 §2 item 2): the named entitlements products grant and lines require. */
export const permissionsResource: ResourceDefinition<AdminPermission, PermissionUpdate> = {
  title: t.title,
  noun: t.noun,
  testId: 'permissions',
  editPermission: 'network.edit',
  auditType: 'permission',
  list: permissionList,
  columns: [keyColumn(t, 'name'), keyColumn(t, 'desc', { wrap: true }), keyNumberColumn(t, 'useTimes')],
  form: {
    schema: PermissionUpdateSchema,
    fields: fieldList<PermissionUpdate>(t, [
      ['name', { help: t.nameHelp }],
      ['desc', { kind: 'textarea' }],
    ]),
    defaults: () => ({ _id: '', name: '', desc: '' }),
    toForm: ({ _id, name, desc }) => ({ _id, name, desc }),
    save: outcome({ call: updatePermission, success: m.success.updated, failure: m.failure.permissionSave }),
  },
  remove: outcome({
    call: deletePermission,
    success: m.success.permissionDeleted,
    failure: m.failure.permissionDelete,
  }),
  bulkDelete: true,
};
