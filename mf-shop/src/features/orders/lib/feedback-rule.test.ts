import { describe, expect, it } from 'vitest';
import { resolveForm } from '@portal/ui/form-testing';
import { feedbackLength, feedbackResolver } from './feedback-rule.js';

const rule = '简单描述，不要超过30字，管理员尽快处理';

/** The message the dialog shows, or what it sends. */
async function typed(msg: string) {
  const { values, errors } = await resolveForm(feedbackResolver, { msg });
  return errors.msg?.message ?? values;
}

describe('order feedback rule', () => {
  it('requires some text', async () => {
    expect(await typed('')).toBe(rule);
    expect(await typed('   ')).toBe(rule);
  });

  it('accepts up to 30 characters and refuses 31; sends the text trimmed', async () => {
    expect(await typed('支'.repeat(30))).toEqual({ msg: '支'.repeat(30) });
    expect(await typed('支'.repeat(31))).toBe(rule);
    expect(await typed('  付款后没有到账  ')).toEqual({ msg: '付款后没有到账' });
  });

  it('counts an emoji as one character', async () => {
    expect(feedbackLength('😀'.repeat(30))).toBe(30);
    expect(await typed('😀'.repeat(30))).toEqual({ msg: '😀'.repeat(30) });
  });
});
