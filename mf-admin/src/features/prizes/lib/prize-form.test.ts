import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { PrizeUpdate } from '@portal/contracts/schemas';
import { chanceOf, discountText, newPrize, percentText, prizeRules, prizeTotals } from './prize-form';

describe('prize totals (spec-2 §2 item 15)', () => {
  it('sums the weights and weight × traffic; the win rate is logical traffic / total weight as a percent', () => {
    const totals = prizeTotals([
      { weight: 1, gainTraffic: 10 },
      { weight: 3, gainTraffic: 0.5 },
      { weight: 0, gainTraffic: 1000 },
    ]);
    expect(totals).toEqual({ totalWeight: 4, logicalTraffic: 11.5, winRate: 2.875 });
    expect(percentText(totals.winRate)).toBe('287.50%');
  });

  it('is zero, not NaN, without weight', () => {
    expect(prizeTotals([])).toEqual({ totalWeight: 0, logicalTraffic: 0, winRate: 0 });
    expect(percentText(prizeTotals([{ weight: 0, gainTraffic: 5 }]).winRate)).toBe('0.00%');
  });
});

describe('the chance of the prize edited', () => {
  const listed = [
    { _id: 'a', weight: 1 },
    { _id: 'b', weight: 3 },
  ];
  it('is its weight over the others’ plus its own', () => {
    expect(chanceOf({ weight: 4 }, listed)).toBe(0.5);
    // Editing b: its stored weight is replaced by the one typed.
    expect(chanceOf({ _id: 'b', weight: 1 }, listed)).toBe(0.5);
    expect(chanceOf({ _id: 'b', weight: 0 }, listed)).toBe(0);
    expect(chanceOf({ weight: 1 }, [])).toBe(1);
    expect(chanceOf({}, [])).toBe(0);
  });
});

describe('prize form', () => {
  it('starts from the spec’s defaults: 一等奖, 10 G, 0 days, weight 1, no description, no coupon', () => {
    expect(newPrize()).toMatchObject({
      name: '一等奖',
      gainTraffic: 10,
      gainVipTime: 0,
      weight: 1,
      desc: '',
      hasDiscountCoupon: false,
      photoUrl: '',
    });
    expect(Value.Check(PrizeUpdate, newPrize())).toBe(true);
  });

  it('shows the discount as fraction × 100 percent with its days, or 无', () => {
    expect(discountText({ hasDiscountCoupon: true, discountValue: 0.8, discountDuration: 7 })).toBe('80%（7天）');
    expect(discountText({ hasDiscountCoupon: true, discountValue: 0.3 * 3, discountDuration: 1 })).toBe('90%（1天）');
    expect(discountText({ hasDiscountCoupon: false, discountValue: 0.8, discountDuration: 7 })).toBe('无');
  });

  it('takes discounts in steps of 0.1, above 0 when the coupon is on', () => {
    const prize = { ...newPrize(), hasDiscountCoupon: true };
    expect(prizeRules({ ...prize, discountValue: 0.7 })).toEqual({});
    expect(prizeRules({ ...prize, discountValue: 0.3 * 3 })).toEqual({});
    expect(prizeRules({ ...prize, discountValue: 0.75 })).toEqual({ discountValue: '折扣须为 0–1 之间 0.1 的整数倍' });
    expect(prizeRules({ ...prize, discountValue: 0 })).toEqual({ discountValue: '发放折扣券时折扣不能为 0' });
    expect(prizeRules({ ...prize, hasDiscountCoupon: false, discountValue: 0 })).toEqual({});
  });
});
