/** The `{kind}` segment of `/api/subscript/{kind}/{userId}/{userkey}` (spec-1 §7; same list as @portal/platform). */
export const subscriptionKinds = [
  'clash',
  'mjclash',
  'flclash',
  'ss',
  'ssr',
  'v2box',
  'surge',
  'surfboard',
  'qx',
  'q',
  'singbox',
] as const;
export type SubscriptionKind = (typeof subscriptionKinds)[number];
export const isSubscriptionKind = (kind: string): kind is SubscriptionKind =>
  (subscriptionKinds as readonly string[]).includes(kind);

/** QuantumultX remote rule sets (spec-1 §7), served at `/describe/qx/<Tag>.list`; Rewrite at `/describe/qx/Rewrite.conf`. */
export const qxRuleSetTags = ['Internal', 'Apple', 'GlobalMedia', 'Global'] as const;
export type QxRuleSetTag = (typeof qxRuleSetTags)[number];
