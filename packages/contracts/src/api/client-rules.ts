import { Type, type Static } from '@sinclair/typebox';
import { subscriptionKinds } from '../constants.js';

/**
 * The universal link's rule table (issue 27, docs/subscriptions.md "The universal link"): the
 * setting subscription_client_rules, and /api/admin/config/test_client_rule, which tells the
 * operator which rule a client's headers meet.
 */

/** What a rule answers: a subscription kind, the subscription page (a browser), or a refusal. */
export const clientRuleAnswers = [...subscriptionKinds, 'page', 'refuse'] as const;
export type ClientRuleAnswer = (typeof clientRuleAnswers)[number];

/** Longest pattern, and the longest header value a rule is run on (a regular expression on bounded input). */
export const CLIENT_RULE_PATTERN_MAX = 200;
export const CLIENT_RULE_INPUT_MAX = 512;

export const ClientRule = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60, title: '名称' }),
  /** 'user-agent', or another request header (lower case). */
  header: Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9-]+$', title: '请求头' }),
  /** A regular expression, matched case-insensitively anywhere in the header's value. */
  pattern: Type.String({ minLength: 1, maxLength: CLIENT_RULE_PATTERN_MAX, title: '正则表达式' }),
  answer: Type.Union(
    clientRuleAnswers.map((answer) => Type.Literal(answer)),
    { title: '返回' },
  ),
  enabled: Type.Boolean({ title: '启用' }),
});
export type ClientRule = Static<typeof ClientRule>;
export const ClientRules = Type.Array(ClientRule, { maxItems: 100 });

/** /api/admin/config/test_client_rule: a client's User-Agent (and one more header), against `rules` or the saved ones. */
export const ClientRuleTestRequest = Type.Object(
  {
    userAgent: Type.String({ maxLength: CLIENT_RULE_INPUT_MAX }),
    header: Type.Optional(Type.String({ maxLength: 60, pattern: '^[a-z0-9-]*$' })),
    value: Type.Optional(Type.String({ maxLength: CLIENT_RULE_INPUT_MAX })),
    rules: Type.Optional(ClientRules),
  },
  { additionalProperties: false },
);
export type ClientRuleTestRequest = Static<typeof ClientRuleTestRequest>;

export interface ClientRuleMatch {
  /** The rule's position (0-based), or -1 when none matched (the unknown client's answer). */
  index: number;
  name: string;
  answer: ClientRuleAnswer;
  /** A rule whose pattern does not compile, in the operator's words. */
  problem?: string;
}
