import { describe, expect, it } from 'vitest';
import type { Permission, UserInfo } from '@portal/contracts';
import { resolveForm } from '@portal/ui/form-testing';
import { changeRequestOf, changesEmail, formOf, profileResolver, shownPermissions } from './profile-form';

const user = {
  _id: 'u1',
  email: 'me@example.com',
  icon: '/api/file/downloads/a.png',
  type: 'normal',
  inXinjiang: true,
  in_foreign: false,
  use_english_node: true,
  paidUser: true,
  traffic: 1,
  wallet_money: 100,
} as unknown as UserInfo;

const permission = (n: number): Permission => ({ id: `p${n}`, name: `line_${n}`, desc: `线路 ${n}`, expireTime: '' });

describe('the profile form', () => {
  it('sends exactly the five fields of change_use_info, the e-mail trimmed', () => {
    const form = { ...formOf(user), email: '  New@Example.com ' };
    expect(changeRequestOf(form)).toEqual({
      email: 'New@Example.com',
      icon: '/api/file/downloads/a.png',
      inXinjiang: true,
      in_foreign: false,
      use_english_node: true,
    });
  });

  it('refuses a blank e-mail with 邮件不能为空 under it, and saves the e-mail trimmed', async () => {
    for (const email of ['', '   ']) {
      const { errors } = await resolveForm(profileResolver, { ...formOf(user), email });
      expect(errors).toEqual({ email: { type: 'validate', message: '邮件不能为空' } });
    }
    const { values, errors } = await resolveForm(profileResolver, { ...formOf(user), email: ' a@b.cn ' });
    expect(errors).toEqual({});
    expect(values).toEqual({ ...formOf(user), email: 'a@b.cn' });
  });

  it('asks for the password only when the e-mail changes (trimmed, case-insensitive, as the BFF compares)', () => {
    expect(changesEmail(formOf(user), user)).toBe(false);
    expect(changesEmail({ ...formOf(user), email: ' ME@example.COM ' }, user)).toBe(false);
    expect(changesEmail({ ...formOf(user), inXinjiang: false, icon: '' }, user)).toBe(false);
    expect(changesEmail({ ...formOf(user), email: 'other@example.com' }, user)).toBe(true);
  });

  it('shows the first three permissions until the toggle shows them all', () => {
    const list = [1, 2, 3, 4, 5].map(permission);
    expect(shownPermissions(list, false).map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect(shownPermissions(list, true)).toHaveLength(5);
    expect(shownPermissions(list.slice(0, 2), false)).toHaveLength(2);
  });
});
