import { describe, expect, it } from 'vitest';
import { type ClientRule } from '@portal/contracts';
import { CLIENT_RULE_INPUT_MAX, clientRulesProblem, DEFAULT_CLIENT_RULES, matchClient } from './client-rules.js';

const rule = (pattern: string): ClientRule => ({
  name: '回溯',
  header: 'user-agent',
  pattern,
  answer: 'clash',
  enabled: true,
});

describe('client rules: patterns that could hang the server', () => {
  it('the defaults pass the check', () => {
    expect(clientRulesProblem(DEFAULT_CLIENT_RULES)).toBeUndefined();
  });

  // Each of these backtracks through 2^40 ways or more (or n^5 steps) in a JavaScript RegExp on
  // the header below; `^(a|a)*$` and `.*.*.*.*.*x` passed the nested-repetition check this engine
  // replaced. [pattern, whether it matches]
  const runaways: Array<[string, boolean]> = [
    ['^(a|a)*$', false],
    ['^(\\w|\\d)*$', false],
    ['(a|aa)*!$', true],
    ['.*.*.*.*.*x', false],
    ['(a+)+$', false],
    ['(a*)*b', false],
    ['(\\w+\\s?)+$', false],
    ['(.*a){20}!', true],
  ];

  it.each(runaways)(
    '%s is accepted and answers a crafted header of the longest length at once (matches: %s)',
    (pattern, matches) => {
      expect(clientRulesProblem([rule(pattern)])).toBeUndefined();
      const header = `${'a'.repeat(CLIENT_RULE_INPUT_MAX - 1)}!`;
      // With a backtracking engine this would not return within the test's time limit.
      const match = matchClient([rule(pattern), ...DEFAULT_CLIENT_RULES], () => header);
      expect(match.index === 0).toBe(matches);
    },
  );

  it('refuses, naming the rule, what RE2 cannot run (look-around, back-references) or parse', () => {
    for (const pattern of ['(?=clash)clash', '(clash)\\1', 'clash(']) {
      const problem = clientRulesProblem([...DEFAULT_CLIENT_RULES, rule(pattern)]);
      expect(problem, pattern).toContain('「回溯」');
    }
    expect(clientRulesProblem([rule('clash(-verge)?|mihomo')])).toBeUndefined();
  });

  it('matches case-insensitively, as the rule table expects', () => {
    expect(matchClient([rule('^mozilla/')], () => 'Mozilla/5.0').index).toBe(0);
  });
});
