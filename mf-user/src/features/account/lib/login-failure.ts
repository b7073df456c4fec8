import { Codes, defaultMessages, messages } from '@portal/contracts';

/** Refusals whose own message tells the user more than the spec's generic text would. */
const explained: ReadonlySet<number> = new Set([Codes.EMAIL_NOT_CONFIRMED, Codes.RATE_LIMITED]);

/**
 * The field message after a refused login: the spec's 用户不存在或密码错误, except for an e-mail
 * not yet confirmed and for too many attempts, which show the server's message (the generic text
 * would send the user looking for a wrong password).
 */
export function loginFailureMessage({ code, msg }: { code: number; msg: string }): string {
  if (!explained.has(code)) return messages.login.failedField;
  return msg || defaultMessages[code] || messages.login.failedField;
}
