import { type ClientRule, type ClientRuleAnswer, type ClientRuleMatch, type SubscriptionKind } from '@portal/contracts';
import { CLIENT_RULE_INPUT_MAX } from '@portal/contracts/schemas';
import safeRegex from 'safe-regex2';

export { CLIENT_RULE_INPUT_MAX };

/**
 * One link for every client (issue 27, docs/subscriptions.md "The universal link"):
 * `/api/subscript/auto/{userId}/{userkey}` answers in the format of the client that asks. The
 * operator's rule table (setting subscription_client_rules, edited as rows on /admin_config) is
 * read in order; the first enabled rule whose pattern matches the header it names decides.
 */

const ua = (name: string, pattern: string, answer: ClientRuleAnswer): ClientRule => ({
  name,
  header: 'user-agent',
  pattern,
  answer,
  enabled: true,
});

/**
 * The defaults, shipped as rows so the operator sees them. Order matters: Quantumult X before
 * Quantumult, the Clash family's forks before plain Clash, a browser last.
 */
export const DEFAULT_CLIENT_RULES: ClientRule[] = [
  ua('FlClash', 'flclash', 'flclash'),
  ua(
    'Clash Verge / mihomo / Clash Meta',
    'clash[-. ]?verge|mihomo|clash[-. ]?meta|clashmetaforandroid|stash',
    'mjclash',
  ),
  ua('Clash', 'clash', 'clash'),
  ua('sing-box (SFA, SFI, SFM)', 'sing-?box|\\bSF[AIMT]/', 'singbox'),
  ua('Quantumult X', 'quantumult(%20| |-)?x', 'qx'),
  ua('Quantumult', 'quantumult', 'q'),
  ua('Shadowrocket', 'shadowrocket', 'ssr'),
  ua('Surge', 'surge', 'surge'),
  ua('Surfboard', 'surfboard', 'surfboard'),
  ua(
    'v2rayNG / V2Box / Streisand / Happ / v2RayTun / Hiddify',
    'v2rayng|v2box|streisand|happ|v2raytun|hiddify|v2rayn',
    'v2box',
  ),
  ua('浏览器', '^Mozilla/', 'page'),
];

/** An unknown client gets share links (the V2Box format: a base64 list every v2ray-type client reads). */
export const UNKNOWN_CLIENT_ANSWER: SubscriptionKind = 'v2box';

/** Why a pattern that compiles is still refused: Node cannot stop a match that runs away. */
export const CATASTROPHIC_PATTERN = '重复套着重复（如 (a+)+），匹配某些请求头时可能耗尽服务器';

/**
 * A rule's pattern compiled, or why it cannot be. A pattern with nested repetition (star height
 * above 1, safe-regex2) is refused too: a crafted User-Agent could make it backtrack for minutes,
 * and a match cannot be interrupted, so every request of the instance would wait behind it.
 */
function compile(pattern: string): RegExp | string {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'i');
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  return safeRegex(regex) ? regex : CATASTROPHIC_PATTERN;
}

/** The first rule that cannot be used, in the operator's words (the setting's check on save). */
export function clientRulesProblem(rules: readonly ClientRule[]): string | undefined {
  for (const [index, rule] of rules.entries()) {
    const compiled = compile(rule.pattern);
    if (typeof compiled === 'string') return `第 ${index + 1} 条规则「${rule.name}」的正则表达式无效：${compiled}`;
  }
  return undefined;
}

/** Compiled tables by their text: the setting is read per call, the patterns compiled once. */
const compiledTables = new Map<string, { rule: ClientRule; regex: RegExp | null }[]>();

function compiled(rules: readonly ClientRule[]) {
  const key = JSON.stringify(rules);
  let table = compiledTables.get(key);
  if (table === undefined) {
    table = rules.map((rule) => {
      const regex = compile(rule.pattern);
      return { rule, regex: typeof regex === 'string' ? null : regex };
    });
    if (compiledTables.size > 20) compiledTables.clear();
    compiledTables.set(key, table);
  }
  return table;
}

/** The answer for a client, by its headers (names in lower case, values bounded). */
export function matchClient(rules: readonly ClientRule[], header: (name: string) => string): ClientRuleMatch {
  for (const [index, { rule, regex }] of compiled(rules).entries()) {
    if (!rule.enabled || regex === null) continue;
    if (regex.test(header(rule.header).slice(0, CLIENT_RULE_INPUT_MAX)))
      return { index, name: rule.name, answer: rule.answer };
  }
  return { index: -1, name: '', answer: UNKNOWN_CLIENT_ANSWER };
}
