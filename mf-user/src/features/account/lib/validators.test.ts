import { describe, expect, it } from 'vitest';
import { isBlank, validateLogin } from './validators.js';

describe('blank', () => {
  it('treats empty string, null and undefined as blank, and nothing else', () => {
    expect([isBlank(''), isBlank(null), isBlank(undefined), isBlank(' '), isBlank('a')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('login', () => {
  it('puts 邮件不能为空 under the e-mail and 密码不能为空 under the password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: '邮件不能为空', password: '密码不能为空' });
    expect(validateLogin({ email: 'a@b.cn', password: '' })).toEqual({ password: '密码不能为空' });
    expect(validateLogin({ email: 'a@b.cn', password: 'x' })).toEqual({});
  });
});
