import { cookieDays, cookieNames, DEFAULT_CHANNEL_CODE, FIRST_URL_MAX } from '@portal/contracts';
import { call } from './api-client.js';
import { getCookie, setCookie } from './cookies.js';

/** Query parameters from both the real query string and the part of the hash after '?'. */
export function addressParams(loc: Pick<Location, 'search' | 'hash'> = location): URLSearchParams {
  const params = new URLSearchParams(loc.search);
  const hashQuery = loc.hash.indexOf('?');
  if (hashQuery >= 0) {
    new URLSearchParams(loc.hash.slice(hashQuery + 1)).forEach((value, key) => params.set(key, value));
  }
  return params;
}

const trimSlash = (value: string): string => value.replace(/\/+$/, '');

/**
 * The address without a `token` parameter, in the query or in the hash's query: a session token
 * must not stay in the address bar and history, nor be recorded as the first page's address.
 * (A regular expression rather than URLSearchParams: the rest of the address keeps its spelling,
 * and the first page's script stays within its budget.)
 */
export const addressWithoutToken = (loc: Pick<Location, 'pathname' | 'search' | 'hash'>): string =>
  `${loc.pathname}${loc.search}${loc.hash}`
    .replace(/([?&])token=[^&#]*/g, '$1')
    .replace(/([?&])&+/g, '$1')
    .replace(/[?&](?=#|$)/g, '');

/**
 * Spec-1 §4 at load: `c` becomes the channel cookie (30 days) unless one exists; without `c`
 * and without a cookie the default code is stored for 99999 days. A `token` parameter is
 * handed to the BFF, which verifies it and sets the httpOnly session cookie itself; it is taken
 * out of the address first. The first page's address (without a token) is kept in the first_url
 * cookie, which the sign-up records.
 */
export async function applyAddressParams(
  loc: Pick<Location, 'pathname' | 'search' | 'hash'> = location,
): Promise<void> {
  // The first page's address (with its ?c=), kept for the sign-up (the admin's first_url).
  if (!getCookie(cookieNames.firstUrl)) {
    setCookie(cookieNames.firstUrl, addressWithoutToken(loc).slice(0, FIRST_URL_MAX), cookieDays.firstUrl);
  }
  const params = addressParams(loc);
  const channel = params.get('c');
  if (!getCookie(cookieNames.channelCode)) {
    if (channel) setCookie(cookieNames.channelCode, trimSlash(channel), cookieDays.channelFromAddress);
    else setCookie(cookieNames.channelCode, DEFAULT_CHANNEL_CODE, cookieDays.defaultChannel);
  }
  const token = params.get('token');
  if (!token) return;
  // Out of the address bar and history before anything else can read or share it.
  if (loc === location) history.replaceState(history.state, '', addressWithoutToken(loc));
  await call('user/adopt_token', { token: trimSlash(token) }, { quietExpiry: true });
}
