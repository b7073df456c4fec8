import { describe, expect, it } from 'vitest';
import { walletPreview } from './wallet-rule.js';

describe('wallet rule preview', () => {
  it('covers the whole amount after the coupon when the wallet holds enough', () => {
    expect(walletPreview({ orderMoney: 30, couponDiscount: 5, walletMoney: 100 })).toEqual({
      afterCoupon: 25,
      walletSpend: 25,
      toPay: 0,
      oneYuanLess: false,
    });
  });

  it('deducts the whole wallet when the shortfall is 1 yuan or more', () => {
    expect(walletPreview({ orderMoney: 30, couponDiscount: 0, walletMoney: 12.5 })).toEqual({
      afterCoupon: 30,
      walletSpend: 12.5,
      toPay: 17.5,
      oneYuanLess: false,
    });
    expect(walletPreview({ orderMoney: 30, couponDiscount: 0, walletMoney: 29 }).walletSpend).toBe(29);
  });

  it('deducts one yuan less when the shortfall is under 1 yuan', () => {
    expect(walletPreview({ orderMoney: 30, couponDiscount: 0, walletMoney: 29.5 })).toEqual({
      afterCoupon: 30,
      walletSpend: 28.5,
      toPay: 1.5,
      oneYuanLess: true,
    });
    expect(walletPreview({ orderMoney: 30, couponDiscount: 0, walletMoney: 29.99 })).toMatchObject({
      walletSpend: 28.99,
      toPay: 1.01,
    });
  });

  it('never deducts below nothing: a wallet under 1 yuan with a small shortfall is left alone', () => {
    expect(walletPreview({ orderMoney: 1.5, couponDiscount: 0, walletMoney: 0.8 })).toEqual({
      afterCoupon: 1.5,
      walletSpend: 0,
      toPay: 1.5,
      oneYuanLess: true,
    });
  });

  it('takes nothing from an empty wallet and nothing when the coupon covers everything', () => {
    expect(walletPreview({ orderMoney: 30, couponDiscount: 0, walletMoney: 0 })).toMatchObject({
      walletSpend: 0,
      toPay: 30,
    });
    expect(walletPreview({ orderMoney: 10, couponDiscount: 12, walletMoney: 50 })).toEqual({
      afterCoupon: 0,
      walletSpend: 0,
      toPay: 0,
      oneYuanLess: false,
    });
  });

  it('works in cents, so decimal yuan add up exactly', () => {
    expect(walletPreview({ orderMoney: 0.3, couponDiscount: 0.1, walletMoney: 0.1 })).toMatchObject({
      afterCoupon: 0.2,
      walletSpend: 0,
      toPay: 0.2,
    });
    expect(walletPreview({ orderMoney: 19.9, couponDiscount: 0.7, walletMoney: 5.35 })).toMatchObject({
      walletSpend: 5.35,
      toPay: 13.85,
    });
  });
});
