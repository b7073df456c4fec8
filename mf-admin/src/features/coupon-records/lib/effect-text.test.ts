import { describe, expect, it } from 'vitest';
import { GiB, type CouponRecord } from '@portal/contracts';
import { effectText } from './effect-text';

const use = (fields: Partial<CouponRecord>) => ({
  type: 'freeUse' as const,
  add_traffic: 0,
  add_day: 0,
  add_money: 0,
  discount: null,
  ...fields,
});

describe('the effect of a coupon use (spec-2 §2 item 13)', () => {
  it('freeUse: traffic in G with two decimals; freeTime: days; cash: yuan with two decimals; discount: 折', () => {
    expect(effectText(use({ add_traffic: 8 * GiB }))).toBe('8.00G');
    expect(effectText(use({ add_traffic: 1.5 * GiB }))).toBe('1.50G');
    expect(effectText(use({ type: 'freeTime', add_day: 7 }))).toBe('7天');
    expect(effectText(use({ type: 'cash', add_money: 5 }))).toBe('5.00元');
    expect(effectText(use({ type: 'discount', add_money: 1, discount: 0.9 }))).toBe('9.0折');
  });

  it('anything else: the raw type', () => {
    expect(effectText(use({ type: 'lottery' as never }))).toBe('lottery');
  });
});
