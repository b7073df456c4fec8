import { type ClientRule, type ClientRuleAnswer, type ClientRuleMatch, type SubscriptionKind } from '@portal/contracts';
import { CLIENT_RULE_INPUT_MAX } from '@portal/contracts/schemas';
import { RE2JS } from 're2js';

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

/**
 * A rule's pattern compiled, or why it cannot be. Patterns run on RE2's engine (re2js), whose
 * matching time grows linearly with the header whatever the pattern: Node cannot interrupt a
 * JavaScript RegExp that backtracks, so a pattern such as `^(a|a)*$` and a crafted User-Agent
 * would stall every request of the instance. RE2 has no look-around or back-references; such a
 * pattern is refused on save with RE2's reason.
 */
function compile(pattern: string): RE2JS | string {
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
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
const compiledTables = new Map<string, { rule: ClientRule; regex: RE2JS | null }[]>();

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
    if (regex.matcher(header(rule.header).slice(0, CLIENT_RULE_INPUT_MAX)).find())
      return { index, name: rule.name, answer: rule.answer };
  }
  return { index: -1, name: '', answer: UNKNOWN_CLIENT_ANSWER };
}
