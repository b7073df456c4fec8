import { describe, expect, it } from 'vitest';
import { messages } from '@portal/contracts';
import { hasSubscriptionLink, isBlank, isEmail, validateLogin, validateRegister, validateReset } from './validators.js';

describe('blank and e-mail', () => {
  it('treats empty string, null and undefined as blank, and nothing else', () => {
    expect([isBlank(''), isBlank(null), isBlank(undefined), isBlank(' '), isBlank('a')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('accepts ordinary addresses and refuses malformed ones', () => {
    expect(isEmail('a@b.cn')).toBe(true);
    expect(isEmail(' user.name+tag@mail.example.com ')).toBe(true);
    for (const bad of ['', 'a', 'a@b', '@b.cn', 'a b@c.cn', 'a@b .cn']) expect(isEmail(bad)).toBe(false);
  });
});

describe('login', () => {
  it('puts 邮件不能为空 under the e-mail and 密码不能为空 under the password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: '邮件不能为空', password: '密码不能为空' });
    expect(validateLogin({ email: 'a@b.cn', password: '' })).toEqual({ password: '密码不能为空' });
    expect(validateLogin({ email: 'a@b.cn', password: 'x' })).toEqual({});
  });
});

describe('register', () => {
  it('checks equal passwords first, then the length, then the e-mail', () => {
    expect(validateRegister({ email: 'bad', password: 'short', confirm: 'other' })).toEqual({
      field: 'confirm',
      message: '密码不一样',
    });
    expect(validateRegister({ email: 'bad', password: 'short', confirm: 'short' })).toEqual({
      field: 'password',
      message: '密码长度至少8位',
    });
    expect(validateRegister({ email: 'bad', password: '12345678', confirm: '12345678' })).toEqual({
      field: 'email',
      message: '邮件不正确',
    });
    expect(validateRegister({ email: 'a@b.cn', password: '12345678', confirm: '12345678' })).toBeNull();
  });

  it('counts an empty password as too short', () => {
    expect(validateRegister({ email: 'a@b.cn', password: '', confirm: '' })?.message).toBe(
      messages.register.passwordTooShort,
    );
  });
});

describe('reset', () => {
  const ok = {
    link: 'https://h.example/api/subscript/clash/a/b',
    email: 'a@b.cn',
    password: '12345678',
    confirm: '12345678',
  };

  it('returns the first message in the spec order', () => {
    const all = { link: 'short', email: 'bad', password: '', confirm: '' };
    expect(validateReset(all)?.message).toBe('请输入密码');
    expect(validateReset({ ...all, password: 'abc' })).toEqual({ field: 'confirm', message: '请输入密码' });
    expect(validateReset({ ...all, password: 'abc', confirm: 'abd' })?.message).toBe('密码不一样');
    expect(validateReset({ ...all, password: 'abc', confirm: 'abc' })?.message).toBe('密码长度至少8位');
    expect(validateReset({ ...all, password: '12345678', confirm: '12345678' })?.message).toBe('邮件不正确');
    expect(validateReset({ ...ok, link: '1234567' })).toEqual({ field: 'link', message: '订阅链接错误' });
    expect(validateReset(ok)).toBeNull();
  });

  it('needs at least 8 characters of subscription link for find-account', () => {
    expect(hasSubscriptionLink('1234567')).toBe(false);
    expect(hasSubscriptionLink('12345678')).toBe(true);
    expect(hasSubscriptionLink(undefined)).toBe(false);
  });
});
