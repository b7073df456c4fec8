import { shopMessages } from '@portal/contracts';
import { CouponCodeForm } from '@portal/contracts/schemas';
import { firstFailingCheck } from '@portal/ui/form-checks';

/**
 * The coupon field of the order-confirm dialog (spec-2 §8): empty is 优惠券不能为空; a code the
 * contract refuses (longer than any code) is 优惠券错误, as the server would answer. Sent trimmed.
 */
export const couponResolver = firstFailingCheck<CouponCodeForm>({
  schema: CouponCodeForm,
  checks: [
    { field: 'code', message: shopMessages.coupon.empty, fails: ({ code }) => code === '' },
    { field: 'code', message: shopMessages.coupon.other, fails: 'schema' },
  ],
  trimmed: ['code'],
});
