import { describe, expect, it } from 'vitest';
import { Codes, shopMessages } from '@portal/contracts';
import { buyRefusal, couponRefusal } from './refusals.js';

describe('coupon refusals on an order', () => {
  it('names each refusal of the catalogue', () => {
    expect(couponRefusal(Codes.TOO_MANY_ATTEMPTS)).toBe(shopMessages.coupon.tooMany);
    expect(couponRefusal(Codes.COUPON_USED)).toBe(shopMessages.coupon.limit);
    expect(couponRefusal(Codes.COUPON_TRIAL_ON_ORDER)).toBe(shopMessages.coupon.trialOnOrder);
    expect(couponRefusal(Codes.ORDER_HAS_COUPON)).toBe(shopMessages.coupon.orderHasCoupon);
    expect(couponRefusal(Codes.COUPON_EXPIRED)).toBe(shopMessages.coupon.expired);
  });

  it('says 优惠券错误 for anything else, an unknown code included', () => {
    expect(couponRefusal(Codes.COUPON_NOT_FOUND)).toBe('优惠券错误');
    expect(couponRefusal(Codes.INTERNAL)).toBe('优惠券错误');
  });
});

describe('buy refusals', () => {
  it('gives the coupon-limit text for 1017 and 创建订单失败，请稍后重试 otherwise', () => {
    expect(buyRefusal(Codes.COUPON_USED)).toBe(shopMessages.coupon.limit);
    expect(buyRefusal(Codes.UNKNOWN)).toBe('创建订单失败，请稍后重试');
    expect(buyRefusal(Codes.INTERNAL)).toBe('创建订单失败，请稍后重试');
  });

  it('says when the method is switched off or the order closed', () => {
    expect(buyRefusal(Codes.PAY_MODE_UNAVAILABLE)).toBe('该支付方式暂不可用');
    expect(buyRefusal(Codes.ORDER_NOT_OPEN)).toBe('订单不存在或已关闭');
  });
});
