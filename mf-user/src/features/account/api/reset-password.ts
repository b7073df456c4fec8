import type { ResetPasswordRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/reset_password: the new password takes effect after the e-mailed confirmation. */
export function resetPassword(payload: ResetPasswordRequest) {
  return call<Record<string, never>>('user/reset_password', payload);
}
