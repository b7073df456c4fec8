import { describe, expect, it } from 'vitest';
import { Codes, GiB, messages, type RedeemCouponAnswer } from '@portal/contracts';
import { couponOutcome, couponSuccessText } from './coupon-outcome';

const answer = (over: Partial<RedeemCouponAnswer> = {}): RedeemCouponAnswer => ({
  name: '新人体验券',
  traffic: 8 * GiB,
  day: 0,
  type: 'freeUse',
  ...over,
});
const reply = (code: number, data: RedeemCouponAnswer = answer(), status = 200) => ({ status, code, data });

describe('trial coupon success text', () => {
  it('names the coupon and the added traffic in whole GB', () => {
    expect(couponSuccessText(answer({ traffic: 8.7 * GiB }))).toBe('恭喜您获得「新人体验券」，流量增加 8GB');
  });

  it('names the added days and leaves out zero traffic', () => {
    expect(couponSuccessText(answer({ traffic: 0, day: 7 }))).toBe('恭喜您获得「新人体验券」，时长增加 7 天');
  });

  it('gives both when both are positive, and only the name when neither is', () => {
    expect(couponSuccessText(answer({ traffic: 2 * GiB, day: 3 }))).toBe(
      '恭喜您获得「新人体验券」，流量增加 2GB，时长增加 3 天',
    );
    expect(couponSuccessText(answer({ traffic: 0, day: 0 }))).toBe('恭喜您获得「新人体验券」');
  });
});

describe('trial coupon outcome per result code (spec-1 §8)', () => {
  it('succeeds with a toast and remembers the code', () => {
    const outcome = couponOutcome(reply(Codes.OK));
    expect(outcome).toMatchObject({ ok: true, record: true, toast: { kind: 'success' } });
    expect(outcome.fieldError).toBeUndefined();
  });

  it.each([
    [Codes.COUPON_NOT_FOUND, messages.coupon.notFound, '体验券不存在', false],
    [Codes.COUPON_USED, messages.coupon.used, '该体验券已经兑换过', true],
    [Codes.COUPON_EXHAUSTED, messages.coupon.exhausted, '抱歉，该体验券已抢兑完毕', false],
    [Codes.COUPON_EXPIRED, messages.coupon.expired, '体验券过期', false],
  ])('code %i shows its field message', (code, message, text, record) => {
    expect(message).toBe(text);
    expect(couponOutcome(reply(code))).toEqual({ ok: false, record, fieldError: text });
  });

  it('code 1020 is a toast only', () => {
    expect(couponOutcome(reply(Codes.COUPON_WRONG_TYPE))).toEqual({
      ok: false,
      record: false,
      toast: { kind: 'error', title: '券类型错误' },
    });
  });

  it('any other code warns against guessing, with a failure toast', () => {
    for (const code of [Codes.TOO_MANY_ATTEMPTS, Codes.RATE_LIMITED, Codes.INTERNAL, 12345]) {
      expect(couponOutcome(reply(code))).toEqual({
        ok: false,
        record: false,
        fieldError: '请不要在此处作过多尝试',
        toast: { kind: 'error', title: '兑换激活码失败' },
      });
    }
  });

  it('adds nothing to what the API client already says about network failures and expired sessions', () => {
    expect(couponOutcome(reply(-1, answer(), 502))).toEqual({ ok: false, record: false });
    expect(couponOutcome(reply(Codes.SESSION_EXPIRED))).toEqual({ ok: false, record: false });
  });
});
