import { describe, expect, it } from 'vitest';
import { purchaseReturnParam, purchaseReturnUrl } from './purchase-return.js';

describe('return from the payment provider', () => {
  it('returns to the order list with a {product}_pay parameter', () => {
    expect(purchaseReturnUrl('alipay', { origin: 'https://portal.example', pathname: '/' })).toBe(
      'https://portal.example/#/order?alipay_pay=1',
    );
  });

  it('recognises any {product}_pay parameter and nothing else', () => {
    expect(purchaseReturnParam(new URLSearchParams('alipay_pay=1'))).toBe('alipay_pay');
    expect(purchaseReturnParam(new URLSearchParams('filter=paid&vip_pay'))).toBe('vip_pay');
    expect(purchaseReturnParam(new URLSearchParams('filter=paid'))).toBeNull();
    expect(purchaseReturnParam(new URLSearchParams('_pay=1'))).toBeNull();
  });
});
