import { describe, expect, it } from 'vitest';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { resolveForm } from '@portal/ui/form-testing';
import { findAccountLink, registerResolver, resetResolver } from './account-forms';

/** The one message the form shows, and the field it is under; null when the values go to the call. */
async function shown<V extends FieldValues>(resolver: Resolver<V>, values: V) {
  const { errors } = await resolveForm(resolver, values);
  const entries = Object.entries(errors) as [string, FieldError][];
  expect(entries.length).toBeLessThanOrEqual(1);
  const [first] = entries;
  return first === undefined ? null : { field: first[0], message: first[1].message };
}

describe('the register form', () => {
  it('checks equal passwords first, then the length, then the e-mail, and shows only the first failing one', async () => {
    expect(await shown(registerResolver, { email: 'bad', password: 'short', confirm: 'other' })).toEqual({
      field: 'confirm',
      message: '密码不一样',
    });
    expect(await shown(registerResolver, { email: 'bad', password: 'short', confirm: 'short' })).toEqual({
      field: 'password',
      message: '密码长度至少8位',
    });
    expect(await shown(registerResolver, { email: 'bad', password: '12345678', confirm: '12345678' })).toEqual({
      field: 'email',
      message: '邮件不正确',
    });
    expect(await shown(registerResolver, { email: 'a@b.cn', password: '12345678', confirm: '12345678' })).toBeNull();
  });

  it('counts an empty password as too short', async () => {
    expect(await shown(registerResolver, { email: 'a@b.cn', password: '', confirm: '' })).toEqual({
      field: 'password',
      message: '密码长度至少8位',
    });
  });

  it('takes ordinary addresses (trimmed) and refuses malformed ones; the length limits are the server’s', async () => {
    const passwords = { password: '12345678', confirm: '12345678' };
    for (const good of ['a@b.cn', ' user.name+tag@mail.example.com ', `${'a'.repeat(250)}@e2e.test`]) {
      expect(await shown(registerResolver, { email: good, ...passwords })).toBeNull();
    }
    for (const bad of ['', ' ', 'a', 'a@b', '@b.cn', 'a b@c.cn', 'a@b .cn']) {
      expect((await shown(registerResolver, { email: bad, ...passwords }))?.message).toBe('邮件不正确');
    }
  });

  it('hands the call the e-mail trimmed and the password as typed', async () => {
    const result = await resolveForm(registerResolver, {
      email: ' a@b.cn ',
      password: ' 1234567 ',
      confirm: ' 1234567 ',
    });
    expect(result.values).toEqual({ email: 'a@b.cn', password: ' 1234567 ', confirm: ' 1234567 ' });
  });
});

describe('the reset form', () => {
  const ok = {
    describUrl: 'https://h.example/api/subscript/clash/a/b',
    email: 'a@b.cn',
    password: '12345678',
    confirm: '12345678',
  };

  it('shows the first failing check in the spec order, under its field', async () => {
    const all = { describUrl: 'short', email: 'bad', password: '', confirm: '' };
    expect(await shown(resetResolver, all)).toEqual({ field: 'password', message: '请输入密码' });
    expect(await shown(resetResolver, { ...all, password: 'abc' })).toEqual({
      field: 'confirm',
      message: '请输入密码',
    });
    expect(await shown(resetResolver, { ...all, password: 'abc', confirm: 'abd' })).toEqual({
      field: 'confirm',
      message: '密码不一样',
    });
    expect(await shown(resetResolver, { ...all, password: 'abc', confirm: 'abc' })).toEqual({
      field: 'password',
      message: '密码长度至少8位',
    });
    expect(await shown(resetResolver, { ...all, password: '12345678', confirm: '12345678' })).toEqual({
      field: 'email',
      message: '邮件不正确',
    });
    expect(await shown(resetResolver, { ...ok, describUrl: '1234567' })).toEqual({
      field: 'describUrl',
      message: '订阅链接错误',
    });
    expect(await shown(resetResolver, { ...ok, describUrl: '  1234567  ' })).toEqual({
      field: 'describUrl',
      message: '订阅链接错误',
    });
    expect(await shown(resetResolver, ok)).toBeNull();
  });

  it('hands the call the link and the e-mail trimmed', async () => {
    const result = await resolveForm(resetResolver, { ...ok, describUrl: ` ${ok.describUrl}\n`, email: ' a@b.cn ' });
    expect(result.values).toEqual(ok);
  });

  it('finds the account only from a link of at least 8 characters, sent trimmed', () => {
    expect(findAccountLink('1234567')).toBeNull();
    expect(findAccountLink(' 1234567 ')).toBeNull();
    expect(findAccountLink('')).toBeNull();
    expect(findAccountLink(' 12345678 ')).toBe('12345678');
  });
});
