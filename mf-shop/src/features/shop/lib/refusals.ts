import { Codes, defaultMessages, shopMessages } from '@portal/contracts';

/** Coupon apply refusals on an order (spec-2 §8); any other code is 优惠券错误. */
export function couponRefusal(code: number): string {
  switch (code) {
    case Codes.TOO_MANY_ATTEMPTS:
      return shopMessages.coupon.tooMany;
    case Codes.COUPON_USED:
      return shopMessages.coupon.limit;
    case Codes.COUPON_TRIAL_ON_ORDER:
      return shopMessages.coupon.trialOnOrder;
    case Codes.ORDER_HAS_COUPON:
      return shopMessages.coupon.orderHasCoupon;
    case Codes.COUPON_EXPIRED:
      return shopMessages.coupon.expired;
    default:
      return shopMessages.coupon.other;
  }
}

/**
 * shop/dobuy refusals (spec-2 §8): 1017 is the coupon limit, anything else 创建订单失败，请稍后重试.
 * Our own codes that the user can act on (a payment method switched off, an order that closed
 * meanwhile) say so instead.
 */
export function buyRefusal(code: number): string {
  switch (code) {
    case Codes.COUPON_USED:
      return shopMessages.coupon.limit;
    case Codes.PAY_MODE_UNAVAILABLE:
    case Codes.ORDER_NOT_OPEN:
      return defaultMessages[code]!;
    default:
      return shopMessages.buyFailed;
  }
}
