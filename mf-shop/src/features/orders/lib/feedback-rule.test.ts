import { describe, expect, it } from 'vitest';
import { feedbackError, feedbackLength } from './feedback-rule.js';

const rule = '简单描述，不要超过30字，管理员尽快处理';

describe('order feedback rule', () => {
  it('requires some text', () => {
    expect(feedbackError('')).toBe(rule);
    expect(feedbackError('   ')).toBe(rule);
  });

  it('accepts up to 30 characters and refuses 31', () => {
    expect(feedbackError('支'.repeat(30))).toBeNull();
    expect(feedbackError('支'.repeat(31))).toBe(rule);
    expect(feedbackError('  付款后没有到账  ')).toBeNull();
  });

  it('counts an emoji as one character', () => {
    expect(feedbackLength('😀'.repeat(30))).toBe(30);
    expect(feedbackError('😀'.repeat(30))).toBeNull();
  });
});
