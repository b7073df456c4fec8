import type {
  LoginRequest,
  PasskeyLoginOptionsRequest,
  PasskeyLoginRequest,
  PasskeyOptions,
  SecondFactorLoginRequest,
  SecondFactorTicket,
} from '@portal/contracts';
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

/** POST /api/user/login_passkey_options: the browser's options for a passkey of the ticket's account. */
export function loginPasskeyOptions(payload: PasskeyLoginOptionsRequest) {
  return call<PasskeyOptions>('user/login_passkey_options', payload);
}

/** POST /api/user/login_passkey: the passkey's answer for the ticket; the BFF sets the session cookies. */
export function loginPasskey(payload: PasskeyLoginRequest) {
  return call<Record<string, never>>('user/login_passkey', payload);
}
