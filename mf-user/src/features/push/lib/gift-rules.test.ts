import { describe, expect, it } from 'vitest';
import { GiB } from '@portal/contracts';
import { resolveForm } from '@portal/ui/form-testing';
import { feePercent, formatG, giftAmountResolver, giftSplit, typedGiftAmount } from './gift-rules';

const rules = { minPushNum: 20, permanentTraffic: 50 * GiB };

/** The message the dialog shows for a typed amount, or the amount it sends. */
async function typedIn(pushNumber: string, limits = rules) {
  const { values, errors } = await resolveForm(giftAmountResolver(limits), { pushNumber });
  return errors.pushNumber?.message ?? values;
}

describe('the gift amount', () => {
  it('asks for an amount, whole G only', async () => {
    expect(await typedIn('  ')).toBe('请输入转赠数量');
    for (const typed of ['20.5', '-20', '2e1', 'abc', '0x14', '1'.repeat(12)]) {
      expect(await typedIn(typed), typed).toBe('请输入整数（单位 G）');
    }
  });
  it('refuses less than the minimum with the spec’s message', async () => {
    expect(await typedIn('19')).toBe('最低转赠20G');
    expect(await typedIn('0', { ...rules, minPushNum: 5 })).toBe('最低转赠5G');
  });
  it('refuses more than the permanent traffic left', async () => {
    expect(await typedIn('51')).toBe('可转赠的不限时流量不足（只有不限时流量可以转赠）');
  });
  it('sends from the minimum to what is left, trimmed; the preview follows the same rules', async () => {
    expect(await typedIn(' 20 ')).toEqual({ pushNumber: '20' });
    expect(await typedIn('50')).toEqual({ pushNumber: '50' });
    expect(['19', ' 20 ', '50', '51', '2e1'].map((typed) => typedGiftAmount(typed, rules))).toEqual([
      null,
      20,
      50,
      null,
      null,
    ]);
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
