import type { ResetUserkeyAnswer } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/reset_userkey: a new userkey; 1033 when the account may not change it. */
export function resetUserkey() {
  return call<ResetUserkeyAnswer>('user/reset_userkey', {});
}
