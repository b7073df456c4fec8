import type { AdminUser } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/users/user: one user, with the bytes of images they keep stored (`uploadBytes`). */
export function getUserDetail(userId: string) {
  return call<AdminUser>('admin/users/user', { uid: userId });
}
