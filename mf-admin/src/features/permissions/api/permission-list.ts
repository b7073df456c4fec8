import type { AdminPermission } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/permissions/list: every permission with its purchase count. */
export function permissionList() {
  return call<AdminPermission[]>('admin/permissions/list');
}
