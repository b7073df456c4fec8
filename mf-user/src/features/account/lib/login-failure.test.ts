import { describe, expect, it } from 'vitest';
import { Codes } from '@portal/contracts';
import { loginFailureMessage } from './login-failure.js';

describe('login failure message', () => {
  it('says 用户不存在或密码错误 for a wrong password or an unknown e-mail', () => {
    expect(loginFailureMessage({ code: Codes.LOGIN_FAILED, msg: '用户不存在或密码错误' })).toBe('用户不存在或密码错误');
    expect(loginFailureMessage({ code: Codes.LOGIN_FAILED, msg: 'anything' })).toBe('用户不存在或密码错误');
    expect(loginFailureMessage({ code: 999, msg: '' })).toBe('用户不存在或密码错误');
  });

  it("shows the server's own message for other refusals such as an unconfirmed e-mail", () => {
    expect(loginFailureMessage({ code: 1003, msg: '邮箱尚未确认，请先点击确认邮件中的链接' })).toBe(
      '邮箱尚未确认，请先点击确认邮件中的链接',
    );
    expect(loginFailureMessage({ code: Codes.RATE_LIMITED, msg: '操作过于频繁，请稍后再试' })).toBe('操作过于频繁，请稍后再试');
  });
});
