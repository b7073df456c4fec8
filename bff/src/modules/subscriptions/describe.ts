import { qxRuleSets, type QxRuleSetTag } from '@portal/contracts';

/** Rule files served as data from settings: Quantumult's filter and QuantumultX's rule sets. */

const QX_TYPES: Record<string, string> = {
  DOMAIN: 'host',
  'DOMAIN-SUFFIX': 'host-suffix',
  'DOMAIN-KEYWORD': 'host-keyword',
  'IP-CIDR': 'ip-cidr',
  GEOIP: 'geoip',
};

/** A QuantumultX filter list: `host-suffix, apple.com, <policy>` (force-policy overrides the policy). */
export function qxRuleSet(tag: QxRuleSetTag, lines: readonly string[]): string {
  const policy = tag === 'Internal' || tag === 'Apple' ? 'direct' : 'proxy';
  return `${lines
    .map((line) => {
      const [type = '', value = ''] = line.split(',');
      return `${QX_TYPES[type] ?? 'host'}, ${value}, ${policy}`;
    })
    .join('\n')}\n`;
}

export function qxRewrite(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

const Q_TYPES: Record<string, string> = {
  DOMAIN: 'HOST',
  'DOMAIN-SUFFIX': 'HOST-SUFFIX',
  'DOMAIN-KEYWORD': 'HOST-KEYWORD',
  'IP-CIDR': 'IP-CIDR',
  GEOIP: 'GEOIP',
  MATCH: 'FINAL',
};

/** Quantumult's filter file: `HOST-SUFFIX,google.com,PROXY` …, `FINAL,PROXY`. */
export function quantumultFilter(rules: readonly string[]): string {
  return `${rules
    .map((line) => {
      const parts = line.split(',');
      const type = Q_TYPES[parts[0] ?? ''] ?? 'HOST';
      return parts[0] === 'MATCH' ? `${type},${parts[1]}` : `${type},${parts[1]},${parts[2]}`;
    })
    .join('\n')}\n`;
}

export const isQxRuleSetTag = (tag: string): tag is QxRuleSetTag => qxRuleSets.some((set) => set.tag === tag);
