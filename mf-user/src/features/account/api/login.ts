import type { LoginRequest, SecondFactorLoginRequest, SecondFactorTicket } from '@portal/contracts';
import { call } from '@portal/platform';

/**
 * POST /api/user/login: the BFF sets the session cookies; the answer carries no data, except a
 * staff account with a second factor: code 1130 and the ticket for loginSecondFactor.
 */
export function login(payload: LoginRequest) {
  return call<Partial<SecondFactorTicket>>('user/login', payload);
}

/** POST /api/user/login_second_factor: the code for the ticket; the BFF sets the session cookies. */
export function loginSecondFactor(payload: SecondFactorLoginRequest) {
  return call<Record<string, never>>('user/login_second_factor', payload);
}
