import { SPEED_TEST_URL_SURGE } from '@portal/contracts';
import type { Feature, Proxy } from '../model.js';
import { withHostRule, type Format, type FormatContext, type Rule } from './context.js';

/** Surge-style names cannot hold `=` or `,` (the line grammar); replaced by look-alikes. */
export const surgeName = (name: string) => name.replace(/=/g, '＝').replace(/,/g, '，');

function proxyLine(p: Proxy): string {
  const name = surgeName(p.name);
  if (p.type === 'ss')
    return `${name} = ss, ${p.server}, ${p.port}, encrypt-method=${p.method}, password=${p.password}, udp-relay=true`;
  if (p.type !== 'vmess') throw new Error(`unsupported proxy ${p.type}`);
  const parts = [`${name} = vmess`, p.server, String(p.port), `username=${p.uuid}`];
  if (p.network === 'ws') parts.push('ws=true', `ws-path=${p.path}`, `ws-headers=Host:${p.sni || p.server}`);
  if (p.tls) parts.push('tls=true', `sni=${p.sni || p.server}`);
  parts.push(`vmess-aead=${p.alterId === 0}`);
  return parts.join(', ');
}

function ruleLine(rule: Rule, ctx: FormatContext): string {
  const policy = rule.policy === 'PROXY' ? ctx.groups.select : rule.policy;
  if (rule.type === 'MATCH') return `FINAL,${policy}`;
  return rule.type === 'IP-CIDR' || rule.type === 'GEOIP'
    ? `${rule.type},${rule.value},${policy},no-resolve`
    : `${rule.type},${rule.value},${policy}`;
}

/** Surge and Surfboard managed profiles (`#!MANAGED-CONFIG`). */
export function surgeFormat(features: readonly Feature[]): Format {
  return {
    contentType: 'text/plain; charset=utf-8',
    extension: 'conf',
    features,
    render(ctx) {
      const names = ctx.proxies.map((p) => surgeName(p.name));
      const out = [
        `#!MANAGED-CONFIG ${ctx.url} interval=${ctx.updateHours * 3600} strict=false`,
        '',
        '[General]',
        'loglevel = notify',
        `internet-test-url = ${SPEED_TEST_URL_SURGE}`,
        `proxy-test-url = ${ctx.speedTestUrl}`,
        'dns-server = system, 223.5.5.5, 119.29.29.29',
        'skip-proxy = 127.0.0.1, 192.168.0.0/16, 10.0.0.0/8, 172.16.0.0/12, 100.64.0.0/10, localhost, *.local',
        '',
        '[Proxy]',
        ...ctx.proxies.map(proxyLine),
        '',
        '[Proxy Group]',
        `${ctx.groups.select} = select, ${[ctx.groups.auto, ...names, 'DIRECT'].join(', ')}`,
        `${ctx.groups.auto} = url-test, ${names.join(', ')}, url=${ctx.speedTestUrl}, interval=600, tolerance=50`,
        '',
        '[Rule]',
        ...withHostRule(ctx).map((r) => ruleLine(r, ctx)),
        '',
      ];
      return out.join('\n');
    },
  };
}
