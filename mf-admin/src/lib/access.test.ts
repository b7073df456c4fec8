import { describe, expect, it } from 'vitest';
import { canOpen } from './access';

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
