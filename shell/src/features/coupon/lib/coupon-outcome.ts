import { Codes, frameMessages, GiB, messages, toastMs, type RedeemCouponAnswer } from '@portal/contracts';
import type { CallResult, Notice } from '@portal/platform';

/** What the dialog does with an answer of redeem_coupon (spec-1 §8). */
export interface CouponOutcome {
  /** Redeemed: toast, refresh user info, close. */
  ok: boolean;
  /** Shown under the code field; the dialog stays open. */
  fieldError?: string;
  toast?: Notice;
  /** Remember the code in this browser's coupon records, so that it is refused locally next time. */
  record: boolean;
}

/** The success toast: the coupon's name, then the added traffic in whole GB and the added days, each only when positive. */
export function couponSuccessText(answer: Pick<RedeemCouponAnswer, 'name' | 'traffic' | 'day'>): string {
  const gb = Math.floor(Math.max(0, answer.traffic || 0) / GiB);
  const days = Math.floor(Math.max(0, answer.day || 0));
  return frameMessages.coupon.success(answer.name, gb, days);
}

export function couponOutcome(result: Pick<CallResult<RedeemCouponAnswer>, 'status' | 'code' | 'data'>): CouponOutcome {
  // A network failure has already been announced by the API client ('网络错误，请稍后重试'), and an
  // expired session sends the user to the login page; neither is a verdict on the code.
  if (result.status === 502 || result.code === Codes.SESSION_EXPIRED) return { ok: false, record: false };
  switch (result.code) {
    case Codes.OK:
      return {
        ok: true,
        record: true,
        toast: { kind: 'success', title: couponSuccessText(result.data), durationMs: toastMs.medium },
      };
    case Codes.COUPON_NOT_FOUND:
      return { ok: false, record: false, fieldError: messages.coupon.notFound };
    case Codes.COUPON_USED:
      return { ok: false, record: true, fieldError: messages.coupon.used };
    case Codes.COUPON_EXHAUSTED:
      return { ok: false, record: false, fieldError: messages.coupon.exhausted };
    case Codes.COUPON_WRONG_TYPE:
      return { ok: false, record: false, toast: { kind: 'error', title: messages.coupon.wrongType } };
    case Codes.COUPON_EXPIRED:
      return { ok: false, record: false, fieldError: messages.coupon.expired };
    default:
      return {
        ok: false,
        record: false,
        fieldError: messages.coupon.otherField,
        toast: { kind: 'error', title: messages.coupon.otherToast },
      };
  }
}
