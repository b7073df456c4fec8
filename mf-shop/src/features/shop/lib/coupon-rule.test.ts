import { describe, expect, it } from 'vitest';
import { resolveForm } from '@portal/ui/form-testing';
import { couponResolver } from './coupon-rule.js';

/** The message the coupon field shows, or what it sends. */
async function typed(code: string) {
  const { values, errors } = await resolveForm(couponResolver, { code });
  return errors.code?.message ?? values;
}

describe('coupon field rule', () => {
  it('requires a code (spaces alone are none)', async () => {
    expect(await typed('')).toBe('优惠券不能为空');
    expect(await typed('   ')).toBe('优惠券不能为空');
  });

  it('sends the code trimmed, and calls a code longer than any code 优惠券错误 without asking the server', async () => {
    expect(await typed('  SPRING-20 ')).toEqual({ code: 'SPRING-20' });
    expect(await typed('A'.repeat(64))).toEqual({ code: 'A'.repeat(64) });
    expect(await typed('A'.repeat(65))).toBe('优惠券错误');
  });
});
