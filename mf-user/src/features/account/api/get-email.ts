import type { GetEmailRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/get_email: data is the e-mail of the subscription link's account. */
export function getEmail(payload: GetEmailRequest) {
  return call<string>('user/get_email', payload);
}
