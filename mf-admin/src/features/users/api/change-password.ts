import type { AdminChangePassword } from '@portal/contracts';
import { call } from '@portal/platform';

/**
 * POST /api/admin/users/change_password. The password travels as typed (over TLS) and is hashed
 * by the BFF; the spec's "transform before sending" is not reproduced (see the README).
 */
export function changePassword(request: AdminChangePassword) {
  return call<Record<string, never>>('admin/users/change_password', request);
}
