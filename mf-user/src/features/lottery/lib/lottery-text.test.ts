import { describe, expect, it } from 'vitest';
import { GiB, type PrizeDraw, type PrizeInfo } from '@portal/contracts';
import { afterDraw, chanceText, drawGains, drawRefusal, gainsOf } from './lottery-text';

const info = (overrides: Partial<PrizeInfo> = {}): PrizeInfo => ({
  cost: GiB,
  permanentTraffic: 5 * GiB,
  paidUser: true,
  prizes: [
    {
      _id: 'a',
      name: '一等奖',
      desc: '',
      photoUrl: '',
      gainTraffic: 10 * GiB,
      gainVipTime: 0,
      hasDiscountCoupon: false,
      discountValue: 1,
      discountDuration: 1,
      probability: 1,
    },
  ],
  draws: [],
  ...overrides,
});

const draw = (overrides: Partial<PrizeDraw> = {}): PrizeDraw => ({
  _id: 'd1',
  prizeName: '一等奖',
  photoUrl: '',
  cost: GiB,
  gainTraffic: 10 * GiB,
  gainVipTime: 0,
  coupon: null,
  time: '2026-11-24T08:00:00.000Z',
  ...overrides,
});

describe('lottery texts', () => {
  it('shows a chance with 2 decimals', () => {
    expect(chanceText(0.25)).toBe('25.00%');
    expect(chanceText(1 / 3)).toBe('33.33%');
  });

  it('names what a prize gives, or 未中奖', () => {
    expect(
      gainsOf({
        gainTraffic: 1.5 * GiB,
        gainVipTime: 3,
        hasDiscountCoupon: true,
        discountValue: 0.8,
        discountDuration: 7,
      }),
    ).toEqual(['1.50G 流量', '会员 3 天', '80%折扣券（7天有效）']);
    expect(
      gainsOf({ gainTraffic: 0, gainVipTime: 0, hasDiscountCoupon: false, discountValue: 1, discountDuration: 1 }),
    ).toEqual(['未中奖']);
    expect(drawGains(draw({ gainTraffic: 0, coupon: { code: 'ABCDEF', discount: 0.9, expireTime: '' } }))).toEqual([
      '90%折扣券',
    ]);
  });

  it('refuses as the server would: unpaid, no prize, not enough permanent traffic', () => {
    expect(drawRefusal(info())).toBeNull();
    expect(drawRefusal(info({ permanentTraffic: GiB }))).toBeNull();
    expect(drawRefusal(info({ paidUser: false }))).toBe('付费用户才能参与抽奖');
    expect(drawRefusal(info({ prizes: [] }))).toBe('暂无可抽取的奖品');
    expect(drawRefusal(info({ permanentTraffic: GiB - 1 }))).toBe('剩余永久流量不足');
  });

  it('after a draw: the traffic left, the draw first, at most the shown number', () => {
    const before = info({ draws: [draw({ _id: 'old1' }), draw({ _id: 'old2' })] });
    const next = afterDraw(before, draw({ _id: 'new' }), 4 * GiB, 2);
    expect(next.permanentTraffic).toBe(4 * GiB);
    expect(next.draws.map((d) => d._id)).toEqual(['new', 'old1']);
  });
});
