import type { AdminUser, UserUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/users/update_user: exactly the edit dialog's fields; traffic in bytes. */
export function updateUser(user: UserUpdate) {
  return call<AdminUser>('admin/users/update_user', user);
}
