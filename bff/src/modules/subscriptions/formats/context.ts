import type { Feature, Proxy } from '../model.js';

export type RulePolicy = 'PROXY' | 'DIRECT' | 'REJECT';
export interface Rule {
  type: 'DOMAIN' | 'DOMAIN-SUFFIX' | 'DOMAIN-KEYWORD' | 'IP-CIDR' | 'GEOIP' | 'MATCH';
  value: string;
  policy: RulePolicy;
}

/** Everything a generator needs; built once per request by the service. */
export interface FormatContext {
  /** Already filtered by the kind's capability table. */
  proxies: Proxy[];
  title: string;
  /** The subscription's own URL (managed profiles) and host (always direct). */
  url: string;
  host: string;
  /** Base of the describe files (`{base}/describe/...`). */
  base: string;
  rules: Rule[];
  groups: { select: string; auto: string };
  speedTestUrl: string;
  updateHours: number;
  query: Record<string, string | undefined>;
}

export interface Format {
  contentType: string;
  /** File extension of the download name. */
  extension: string;
  /** The protocols this client can use (the capability table). */
  features: readonly Feature[];
  render(ctx: FormatContext): string;
}

export const ALL_FEATURES: readonly Feature[] = [
  'vmess-tcp',
  'vmess-ws',
  'vmess-h2',
  'ss-aead',
  'ss-2022',
  'vless-reality',
];

/** Parses the `subscription_rules` lines (validated by the setting's schema). */
export function parseRules(lines: readonly string[]): Rule[] {
  return lines.map((line) => {
    const parts = line.split(',');
    if (parts[0] === 'MATCH') return { type: 'MATCH', value: '', policy: parts[1] as RulePolicy };
    return { type: parts[0] as Rule['type'], value: parts[1]!, policy: parts[2] as RulePolicy };
  });
}

/** The subscription host first (direct), then the operator's rules; MATCH last. */
export function withHostRule(ctx: FormatContext): Rule[] {
  const hostRule: Rule[] =
    ctx.host !== '' && !/^[\d.]+$|:/.test(ctx.host) ? [{ type: 'DOMAIN', value: ctx.host, policy: 'DIRECT' }] : [];
  const rules = ctx.rules.filter((r) => r.type !== 'MATCH');
  const match = ctx.rules.find((r) => r.type === 'MATCH') ?? { type: 'MATCH', value: '', policy: 'PROXY' };
  return [...hostRule, ...rules, match];
}
