import type { AdminUser, UserListRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/users/userlist: newest first; count, free text and creation dates. */
export function userList(request: UserListRequest) {
  return call<AdminUser[]>('admin/users/userlist', request);
}
