import { describe, expect, it } from 'vitest';
import { canOpen, holds } from './access';

describe('who may open a back-office screen', () => {
  it('lets an admin open every screen', () => {
    for (const page of ['admin_config', 'admin_agents', 'admin_audit', 'admin_coupon'])
      expect(canOpen(page, 'admin')).toBe(true);
  });

  it('gives an operations user the coupon, coupon-record and prize screens only', () => {
    expect(canOpen('admin_coupon', 'yunying')).toBe(true);
    expect(canOpen('coupon_records', 'yunying')).toBe(true);
    expect(canOpen('admin_prize', 'yunying')).toBe(true);
    expect(canOpen('admin_agents', 'yunying')).toBe(false);
    expect(canOpen('admin_config', 'yunying')).toBe(false);
    expect(canOpen('admin_audit', 'yunying')).toBe(false);
  });

  it('refuses everyone else, and pages it does not know', () => {
    expect(canOpen('admin_combos', 'normal')).toBe(false);
    expect(canOpen('admin_combos', undefined)).toBe(false);
    expect(canOpen('admin_unknown', 'yunying')).toBe(false);
  });
});

describe('by permission (issue 25: staff in a custom role)', () => {
  const kefu = ['tickets.read', 'users.read'];

  it('opens exactly the screens whose permission the role holds', () => {
    expect(canOpen('admin_userlist', 'normal', kefu)).toBe(true);
    expect(canOpen('admin_config', 'normal', kefu)).toBe(false);
    expect(canOpen('admin_coupon', 'normal', kefu)).toBe(false);
    expect(canOpen('admin_unknown', 'normal', kefu)).toBe(false);
  });

  it('the permissions decide over the type: an admin type without settings.read does not open 配置', () => {
    expect(canOpen('admin_config', 'admin', ['coupons.read'])).toBe(false);
    expect(canOpen('admin_coupon', 'admin', ['coupons.read'])).toBe(true);
  });
});

describe('holds (the engine hides add, edit and delete without the edit permission)', () => {
  it('decides by the staff permissions, or by the built-in role of the type without them', () => {
    expect(holds('tickets.answer', 'normal', ['tickets.read'])).toBe(false);
    expect(holds('tickets.read', 'normal', ['tickets.read'])).toBe(true);
    expect(holds('coupons.edit', 'yunying')).toBe(true);
    expect(holds('users.edit', 'yunying')).toBe(false);
    expect(holds('users.edit', 'admin')).toBe(true);
    expect(holds('users.edit', 'normal')).toBe(false);
  });
});
