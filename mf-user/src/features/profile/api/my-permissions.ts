import type { Permission } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/permission/mypermissions: the special permissions held and not expired, soonest expiry first. */
export function myPermissions() {
  return call<Permission[]>('permission/mypermissions', {});
}
