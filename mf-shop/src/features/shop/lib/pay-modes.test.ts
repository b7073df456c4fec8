import { describe, expect, it } from 'vitest';
import { isWeChatBrowser, payModesFor } from './pay-modes.js';

describe('payment methods offered', () => {
  it('offers Alipay, WeChat Pay and USDT on a computer, without the app scheme', () => {
    expect(payModesFor({ mobile: false, wechat: false })).toEqual(['alipay', 'wxpay', 'usdt']);
  });

  it('adds the Alipay app scheme on a phone, next to Alipay', () => {
    expect(payModesFor({ mobile: true, wechat: false })).toEqual(['alipay', 'urlscheme', 'wxpay', 'usdt']);
  });

  it('offers only WeChat Pay and USDT inside WeChat, which blocks Alipay', () => {
    expect(payModesFor({ mobile: true, wechat: true })).toEqual(['wxpay', 'usdt']);
  });

  it('recognises WeChat by its user agent', () => {
    expect(isWeChatBrowser('Mozilla/5.0 (iPhone) AppleWebKit Mobile/15E148 MicroMessenger/8.0.47')).toBe(true);
    expect(isWeChatBrowser('Mozilla/5.0 (iPhone) AppleWebKit Mobile/15E148 Safari/604.1')).toBe(false);
  });
});
