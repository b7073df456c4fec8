import { describe, expect, it } from 'vitest';
import { type ClientRule } from '@portal/contracts';
import { CATASTROPHIC_PATTERN, clientRulesProblem, DEFAULT_CLIENT_RULES, matchClient } from './client-rules.js';

const rule = (pattern: string): ClientRule => ({
  name: '回溯',
  header: 'user-agent',
  pattern,
  answer: 'clash',
  enabled: true,
});
/** A header that makes a pattern with nested repetition backtrack through 2^40 ways before failing. */
const crafted = `${'a'.repeat(40)}!`;

describe('client rules: patterns that could hang the server', () => {
  it('the defaults pass the check', () => {
    expect(clientRulesProblem(DEFAULT_CLIENT_RULES)).toBeUndefined();
  });

  it('refuses nested repetition on save, naming the rule', () => {
    for (const pattern of ['(a+)+$', '(a*)*b', '(\\w+\\s?)+$', '(.*a){20}']) {
      const problem = clientRulesProblem([...DEFAULT_CLIENT_RULES, rule(pattern)]);
      expect(problem, pattern).toContain('「回溯」');
      expect(problem, pattern).toContain(CATASTROPHIC_PATTERN);
    }
    expect(clientRulesProblem([rule('clash(-verge)?|mihomo')])).toBeUndefined();
  });

  it('a table stored before the check skips such a rule instead of matching a crafted header for minutes', () => {
    // Matched, the first rule would not return within the test's time limit.
    const match = matchClient([rule('^(a+)+$'), ...DEFAULT_CLIENT_RULES], () => crafted);
    expect(match).toMatchObject({ index: -1, answer: 'v2box' });
  });
});
