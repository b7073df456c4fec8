import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { GiB, type AdminCoupon } from '@portal/contracts';
import { CouponUpdate } from '@portal/contracts/schemas';
import {
  codesFile,
  couponEffect,
  couponPayload,
  couponRefusals,
  couponRules,
  couponToForm,
  discountText,
  expiryDay,
  expiryOf,
  newCoupon,
} from './coupon-form';

const listed: AdminCoupon = {
  ...newCoupon(),
  _id: '665f1c2ab7e4d90012a3c001',
  name: '八G体验',
  code: 'ABCDEF',
  authTimes: 3,
  createTime: '2026-11-01T00:00:00.000Z',
};
delete (listed as { batchCount?: number }).batchCount;

describe('a.txt', () => {
  it('is the codes, one per line, in the order listed', () => {
    expect(codesFile([{ code: 'QWERTY' }, { code: 'ASDFGH' }, { code: 'ZXCVBN' }])).toBe('QWERTY\nASDFGH\nZXCVBN\n');
    expect(codesFile([])).toBe('');
  });
});

describe('a new coupon', () => {
  it('has the defaults of spec-2 §9 and the type and Taobao flag the filters show, valid as it is', () => {
    const coupon = newCoupon({ type: 'cash', taobao: '1' });
    expect(coupon).toMatchObject({ type: 'cash', taobao: true, traffic: 8 * GiB, useNumPerUser: 1, vipDay: 7 });
    expect(coupon.code).toMatch(/^[A-Z]{6}$/);
    expect(newCoupon({ type: 'nonsense' }).type).toBe('freeUse');
    expect(newCoupon().taobao).toBe(false);
    const { _id: _ignored, ...created } = { ...coupon, name: '淘宝现金券' };
    expect([...Value.Errors(CouponUpdate, created)]).toEqual([]);
  });
});

describe('the dialog', () => {
  it('edits a listed coupon without the use count and times; the payload carries a batch count only for a new Taobao batch', () => {
    const form = couponToForm(listed);
    expect(form).not.toHaveProperty('authTimes');
    expect(form).not.toHaveProperty('createTime');
    expect(Value.Check(CouponUpdate, couponPayload(form))).toBe(true);
    expect(couponPayload(form)).not.toHaveProperty('batchCount');
    expect(couponPayload({ ...newCoupon({ taobao: '1' }), batchCount: 200 })).toMatchObject({ batchCount: 200 });
    expect(couponPayload({ ...form, taobao: true })).not.toHaveProperty('batchCount');
  });

  it('asks for a code unless a Taobao batch makes them, whole cents and the expiry hours of time-limited traffic', () => {
    expect(couponRules({ ...newCoupon(), code: ' ' })).toEqual({ code: couponRefusals.code });
    expect(couponRules({ ...newCoupon({ taobao: '1' }), code: '' })).toEqual({});
    expect(couponRules({ ...newCoupon(), forMoney: 1.005 })).toEqual({ forMoney: couponRefusals.forMoney });
    expect(couponRules({ ...newCoupon(), forMoney: 19.99 })).toEqual({});
    expect(couponRules({ ...newCoupon(), traffixHaveLimitTime: true, traffixLimitTime: 0 })).toEqual({
      traffixLimitTime: couponRefusals.hours,
    });
  });

  it('keeps the expiry date as the end of the chosen day; none means never', () => {
    const end = expiryOf('2030-05-01')!;
    expect(expiryDay(end)).toBe('2030-05-01');
    expect(new Date(end).getHours()).toBe(23);
    expect(expiryOf('')).toBeNull();
    expect(expiryDay(null)).toBe('');
  });
});

describe('texts', () => {
  it('shows a discount as 折 (0.9 is 9.0折) and what each type does', () => {
    expect(discountText(0.9)).toBe('9.0折');
    expect(discountText(0.85)).toBe('8.5折');
    expect(discountText(1)).toBe('10.0折');
    expect(couponEffect({ ...listed, traffic: 8 * GiB })).toBe('流量 8.00G');
    expect(couponEffect({ ...listed, traffixHaveLimitTime: true, traffixLimitTime: 48 })).toBe(
      '流量 8.00G（48 小时后过期）',
    );
    expect(couponEffect({ ...listed, type: 'freeTime', vipDay: 30 })).toBe('会员 30 天');
    expect(couponEffect({ ...listed, type: 'cash', forMoney: 5 })).toBe('抵扣 5.00 元');
    expect(couponEffect({ ...listed, type: 'discount', discount: 0.75 })).toBe('7.5折');
  });
});
