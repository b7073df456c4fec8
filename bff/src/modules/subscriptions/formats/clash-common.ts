import { displayName, type Feature, type Proxy } from '../model.js';
import { withHostRule, type Format, type FormatContext, type Rule } from './context.js';

function clashProxy(p: Proxy, withFlag: boolean): Record<string, unknown> {
  const name = displayName(p, withFlag);
  switch (p.type) {
    case 'ss':
      return { name, type: 'ss', server: p.server, port: p.port, cipher: p.method, password: p.password, udp: true };
    case 'vmess': {
      const out: Record<string, unknown> = {
        name,
        type: 'vmess',
        server: p.server,
        port: p.port,
        uuid: p.uuid,
        alterId: p.alterId,
        cipher: p.cipher,
        udp: true,
      };
      if (p.tls) Object.assign(out, { tls: true, servername: p.sni });
      if (p.network === 'ws')
        Object.assign(out, { network: 'ws', 'ws-opts': { path: p.path, headers: { Host: p.sni || p.server } } });
      if (p.network === 'h2')
        Object.assign(out, { network: 'h2', 'h2-opts': { host: [p.sni || p.server], path: p.path } });
      return out;
    }
    case 'vless':
      return {
        name,
        type: 'vless',
        server: p.server,
        port: p.port,
        uuid: p.uuid,
        network: 'tcp',
        udp: true,
        tls: true,
        flow: p.flow,
        servername: p.serverName,
        'client-fingerprint': 'chrome',
        'reality-opts': { 'public-key': p.publicKey, 'short-id': p.shortId },
      };
  }
}

/**
 * YAML with each list item as one JSON flow value (JSON is YAML): one line per proxy, group and
 * rule, which people can still read, and about five times faster than a general YAML serialiser
 * for hundreds of proxies. Top-level values are scalars, objects or arrays.
 */
function flowYaml(doc: Record<string, unknown>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (Array.isArray(value) && value.length > 0) {
      out.push(`${key}:`);
      for (const item of value) out.push(`  - ${JSON.stringify(item)}`);
    } else {
      out.push(`${key}: ${JSON.stringify(value)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

function clashRule(rule: Rule, ctx: FormatContext): string {
  const policy = rule.policy === 'PROXY' ? ctx.groups.select : rule.policy;
  if (rule.type === 'MATCH') return `MATCH,${policy}`;
  return rule.type === 'GEOIP' || rule.type === 'IP-CIDR'
    ? `${rule.type},${rule.value},${policy},no-resolve`
    : `${rule.type},${rule.value},${policy}`;
}

/** Clash family (Clash, mihomo / Clash Meta, FlClash): proxies, a select and a url-test group, rules. */
export function clashFormat(options: { features: readonly Feature[]; meta: boolean; flags: boolean }): Format {
  return {
    contentType: 'text/yaml; charset=utf-8',
    extension: 'yaml',
    features: options.features,
    render(ctx) {
      const names = ctx.proxies.map((p) => displayName(p, options.flags));
      const config = {
        ...(options.meta ? { 'mixed-port': 7890 } : { port: 7890, 'socks-port': 7891 }),
        'allow-lan': false,
        mode: 'rule',
        'log-level': 'info',
        'external-controller': '127.0.0.1:9090',
        ...(options.meta ? { 'unified-delay': true, 'tcp-concurrent': true } : {}),
        proxies: ctx.proxies.map((p) => clashProxy(p, options.flags)),
        'proxy-groups': [
          { name: ctx.groups.select, type: 'select', proxies: [ctx.groups.auto, ...names, 'DIRECT'] },
          {
            name: ctx.groups.auto,
            type: 'url-test',
            url: ctx.speedTestUrl,
            interval: 300,
            tolerance: 50,
            proxies: names,
          },
        ],
        rules: withHostRule(ctx).map((r) => clashRule(r, ctx)),
      };
      return flowYaml(config);
    },
  };
}
