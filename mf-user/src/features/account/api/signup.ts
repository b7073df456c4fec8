import type { SignupRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/signup: 1001 when the e-mail is registered; the BFF mails the confirmation link. */
export function signup(payload: SignupRequest) {
  return call<Record<string, never>>('user/signup', payload);
}
