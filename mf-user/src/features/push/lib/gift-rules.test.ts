import { describe, expect, it } from 'vitest';
import { GiB } from '@portal/contracts';
import { checkGiftAmount, feePercent, formatG, giftSplit } from './gift-rules';

const rules = { minPushNum: 20, permanentTraffic: 50 * GiB };

describe('checkGiftAmount', () => {
  it('asks for an amount, whole G only', () => {
    expect(checkGiftAmount('  ', rules)).toEqual({ error: '请输入转赠数量' });
    for (const typed of ['20.5', '-20', '2e1', 'abc', '0x14']) {
      expect(checkGiftAmount(typed, rules), typed).toEqual({ error: '请输入整数（单位 G）' });
    }
  });
  it('refuses less than the minimum with the spec’s message', () => {
    expect(checkGiftAmount('19', rules)).toEqual({ error: '最低转赠20G' });
    expect(checkGiftAmount('0', { ...rules, minPushNum: 5 })).toEqual({ error: '最低转赠5G' });
  });
  it('refuses more than the permanent traffic left', () => {
    expect(checkGiftAmount('51', rules)).toEqual({ error: '可转赠的不限时流量不足（只有不限时流量可以转赠）' });
  });
  it('accepts from the minimum to what is left', () => {
    expect(checkGiftAmount(' 20 ', rules)).toEqual({ gb: 20 });
    expect(checkGiftAmount('50', rules)).toEqual({ gb: 50 });
  });
});

describe('giftSplit', () => {
  it('rounds the fee to whole bytes as the BFF does; the receiver gets the rest', () => {
    expect(giftSplit(20, 0.2)).toEqual({ amount: 20 * GiB, fee: 4 * GiB, received: 16 * GiB });
    const odd = giftSplit(21, 0.333);
    expect(odd.fee).toBe(Math.round(21 * GiB * 0.333));
    expect(odd.fee + odd.received).toBe(21 * GiB);
  });
});

describe('formatting', () => {
  it('shows G with two decimals and the rate as a percentage', () => {
    expect(formatG(16 * GiB)).toBe('16.00');
    expect(feePercent(0.2)).toBe('20');
    expect(feePercent(0.125)).toBe('12.5');
  });
});
