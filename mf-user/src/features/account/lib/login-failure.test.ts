import { describe, expect, it } from 'vitest';
import { Codes } from '@portal/contracts';
import { loginFailureMessage } from './login-failure.js';

describe('login failure message', () => {
  it('says 用户不存在或密码错误 for a wrong password, an unknown e-mail or any unexplained refusal', () => {
    expect(loginFailureMessage({ code: Codes.LOGIN_FAILED, msg: 'anything' })).toBe('用户不存在或密码错误');
    expect(loginFailureMessage({ code: Codes.UNKNOWN, msg: '未知错误' })).toBe('用户不存在或密码错误');
  });

  it("shows the server's message for an unconfirmed e-mail and for too many attempts", () => {
    expect(
      loginFailureMessage({ code: Codes.EMAIL_NOT_CONFIRMED, msg: '邮箱尚未验证，请先点击验证邮件中的链接' }),
    ).toBe('邮箱尚未验证，请先点击验证邮件中的链接');
    expect(loginFailureMessage({ code: Codes.EMAIL_NOT_CONFIRMED, msg: '' })).toBe(
      '邮箱尚未验证，请先点击验证邮件中的链接',
    );
    expect(loginFailureMessage({ code: Codes.RATE_LIMITED, msg: '操作过于频繁，请稍后再试' })).toBe(
      '操作过于频繁，请稍后再试',
    );
  });
});
