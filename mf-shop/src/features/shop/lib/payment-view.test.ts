import { describe, expect, it } from 'vitest';
import type { PaymentResult } from '@portal/contracts';
import { paymentView } from './payment-view.js';

const result = (overrides: Partial<PaymentResult>): PaymentResult => ({
  status: 'topay',
  add_traffic: 0,
  add_vip_duration: 0,
  _id: '665f1c2ab7e4d90012a3d001',
  third_pay_platform: 'sandbox',
  request_pay_amound: 30,
  ...overrides,
});

describe('payment screen', () => {
  it('shows the QR code of Alipay and WeChat Pay on a computer', () => {
    expect(
      paymentView(result({ qrcode: 'https://qr.alipay.com/x', payurl: 'https://pay/x' }), 'alipay', false),
    ).toEqual({
      kind: 'qr',
      mode: 'alipay',
      content: 'https://qr.alipay.com/x',
    });
    expect(paymentView(result({ qrcode: 'weixin://wxpay/x' }), 'wxpay', false)).toMatchObject({
      kind: 'qr',
      mode: 'wxpay',
    });
  });

  it('turns a payment page into a QR code on a computer when there is no code', () => {
    expect(paymentView(result({ payurl: 'https://pay/x' }), 'alipay', false)).toEqual({
      kind: 'qr',
      mode: 'alipay',
      content: 'https://pay/x',
    });
  });

  it('opens the Alipay payment page on a phone instead of a QR code', () => {
    expect(paymentView(result({ qrcode: 'https://qr.alipay.com/x', payurl: 'https://pay/x' }), 'alipay', true)).toEqual(
      {
        kind: 'redirect',
        mode: 'alipay',
        url: 'https://pay/x',
      },
    );
  });

  it('keeps the WeChat QR code on a phone (the dialog lists the album steps), and opens the page only without one', () => {
    expect(paymentView(result({ qrcode: 'weixin://wxpay/x', payurl: 'https://pay/x' }), 'wxpay', true)).toMatchObject({
      kind: 'qr',
    });
    expect(paymentView(result({ payurl: 'https://pay/x' }), 'wxpay', true)).toMatchObject({ kind: 'redirect' });
  });

  it('opens the Alipay app scheme', () => {
    expect(paymentView(result({ urlscheme: 'alipays://platformapi/startapp?x' }), 'urlscheme', true)).toEqual({
      kind: 'redirect',
      mode: 'urlscheme',
      url: 'alipays://platformapi/startapp?x',
    });
  });

  it('shows the TRC20 address and the exact USDT amount', () => {
    expect(paymentView(result({ usdtAdress: 'TXYZ', request_pay_amound_usdt: 4.167 }), 'usdt', false)).toEqual({
      kind: 'usdt',
      address: 'TXYZ',
      amountUsdt: 4.167,
    });
  });

  it('says when the answer carries nothing usable', () => {
    expect(paymentView(result({}), 'alipay', false)).toEqual({ kind: 'unusable' });
    expect(paymentView(result({ usdtAdress: 'TXYZ' }), 'usdt', false)).toEqual({ kind: 'unusable' });
    expect(paymentView(result({}), 'urlscheme', true)).toEqual({ kind: 'unusable' });
  });
});
