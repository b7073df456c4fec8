import type { SignUseResult, UserInfo } from '@portal/contracts';

/**
 * What a click on 'daily sign-in' does (spec-1 §4, §5, §8), in this order:
 * - no user info: the login-required helper;
 * - not a paid user: toast paidOnly (2 s);
 * - the account already signed in today (`signUseToday`): nothing, the button is disabled;
 * - the `last-signUse-time` cookie holds today's date although this account has not signed in
 *   today: another account signed in from this browser today → toast otherAccount (5 s);
 * - otherwise the sign-in call.
 * "Today" for the cookie is the browser's local date ('YYYY-MM-DD'); the server decides its own
 * day (service time zone) and refuses a second sign-in of the same account regardless.
 */
export type SignUseDecision = 'needsLogin' | 'paidOnly' | 'alreadySigned' | 'otherAccount' | 'go';

export function decideSignUse(
  user: Pick<UserInfo, 'paidUser' | 'signUseToday'> | null,
  lastSignUseCookie: string | undefined,
  today: string,
): SignUseDecision {
  if (!user) return 'needsLogin';
  if (!user.paidUser) return 'paidOnly';
  if (user.signUseToday) return 'alreadySigned';
  if (lastSignUseCookie === today) return 'otherAccount';
  return 'go';
}

/** The user as the sign-in leaves it, until the refreshed user info arrives. */
export function applySignUse(user: UserInfo, result: SignUseResult): UserInfo {
  return {
    ...user,
    signUseToday: true,
    traffic: user.traffic + result.addTraffic,
    haveContinueSignUseData: result.haveContinueSignUseData,
  };
}
