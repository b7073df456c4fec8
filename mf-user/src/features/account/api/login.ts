import type { LoginRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/login: the BFF sets the session cookies; the answer carries no data. */
export function login(payload: LoginRequest) {
  return call<Record<string, never>>('user/login', payload);
}
