import type { AdminPermission, PermissionUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/permissions/update: creates (no `_id`) or changes a permission. */
export function updatePermission(permission: PermissionUpdate) {
  return call<AdminPermission>('admin/permissions/update', permission);
}
