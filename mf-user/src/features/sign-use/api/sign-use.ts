import type { SignUseResult } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/sign_use: paid users, once a day. */
export function signUse() {
  return call<SignUseResult>('user/sign_use', {});
}
