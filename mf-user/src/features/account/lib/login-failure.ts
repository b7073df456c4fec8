import { Codes, messages } from '@portal/contracts';

/**
 * The field message after a refused login. A wrong password or unknown e-mail (code 1) gets the
 * spec's 用户不存在或密码错误; any other refusal that carries a message of its own (an e-mail not
 * yet confirmed, too many attempts) shows that message, since the spec's text would mislead.
 */
export function loginFailureMessage({ code, msg }: { code: number; msg: string }): string {
  if (code === Codes.LOGIN_FAILED || !msg || msg === 'ok') return messages.login.failedField;
  return msg;
}
