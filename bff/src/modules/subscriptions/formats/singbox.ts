import { displayName, type Proxy } from '../model.js';
import { ALL_FEATURES, withHostRule, type Format } from './context.js';

function outbound(p: Proxy): Record<string, unknown> {
  const tag = displayName(p, false);
  switch (p.type) {
    case 'ss':
      return {
        type: 'shadowsocks',
        tag,
        server: p.server,
        server_port: p.port,
        method: p.method,
        password: p.password,
      };
    case 'vmess': {
      const out: Record<string, unknown> = {
        type: 'vmess',
        tag,
        server: p.server,
        server_port: p.port,
        uuid: p.uuid,
        security: p.cipher,
        alter_id: p.alterId,
      };
      if (p.tls) out.tls = { enabled: true, server_name: p.sni || p.server };
      if (p.network === 'ws') out.transport = { type: 'ws', path: p.path, headers: { Host: p.sni || p.server } };
      if (p.network === 'h2') out.transport = { type: 'http', host: [p.sni || p.server], path: p.path };
      return out;
    }
    case 'vless':
      return {
        type: 'vless',
        tag,
        server: p.server,
        server_port: p.port,
        uuid: p.uuid,
        flow: p.flow,
        tls: {
          enabled: true,
          server_name: p.serverName,
          utls: { enabled: true, fingerprint: 'chrome' },
          reality: { enabled: true, public_key: p.publicKey, short_id: p.shortId },
        },
      };
  }
}

/** sing-box (1.11+ rule actions): tun + mixed inbounds, selector and urltest outbounds, route rules. */
export const singbox: Format = {
  contentType: 'application/json; charset=utf-8',
  extension: 'json',
  features: ALL_FEATURES,
  render(ctx) {
    const tags = ctx.proxies.map((p) => displayName(p, false));
    const rules: Array<Record<string, unknown>> = [
      { action: 'sniff' },
      { protocol: 'dns', action: 'hijack-dns' },
      { ip_is_private: true, outbound: 'direct' },
    ];
    for (const rule of withHostRule(ctx)) {
      if (rule.type === 'MATCH' || rule.type === 'GEOIP') continue; // geoip databases are gone from sing-box 1.12
      const key = {
        DOMAIN: 'domain',
        'DOMAIN-SUFFIX': 'domain_suffix',
        'DOMAIN-KEYWORD': 'domain_keyword',
        'IP-CIDR': 'ip_cidr',
      }[rule.type];
      const target =
        rule.policy === 'REJECT'
          ? { action: 'reject' }
          : { outbound: rule.policy === 'DIRECT' ? 'direct' : ctx.groups.select };
      rules.push({ [key]: [rule.value], ...target });
    }
    const final = withHostRule(ctx).at(-1)?.policy === 'DIRECT' ? 'direct' : ctx.groups.select;
    const config = {
      log: { level: 'info', timestamp: true },
      dns: {
        servers: [
          { type: 'https', tag: 'remote', server: '1.1.1.1', detour: ctx.groups.select },
          { type: 'udp', tag: 'local', server: '223.5.5.5' },
        ],
        rules: ctx.host === '' ? [] : [{ domain: [ctx.host], server: 'local' }],
        final: 'remote',
      },
      inbounds: [
        {
          type: 'tun',
          tag: 'tun-in',
          address: ['172.19.0.1/30', 'fdfe:dcba:9876::1/126'],
          auto_route: true,
          strict_route: true,
          stack: 'mixed',
        },
        { type: 'mixed', tag: 'mixed-in', listen: '127.0.0.1', listen_port: 2080 },
      ],
      outbounds: [
        {
          type: 'selector',
          tag: ctx.groups.select,
          outbounds: [ctx.groups.auto, ...tags, 'direct'],
          default: ctx.groups.auto,
        },
        {
          type: 'urltest',
          tag: ctx.groups.auto,
          outbounds: tags,
          url: ctx.speedTestUrl,
          interval: '5m',
          tolerance: 50,
        },
        ...ctx.proxies.map(outbound),
        { type: 'direct', tag: 'direct' },
      ],
      route: { rules, final, auto_detect_interface: true, default_domain_resolver: 'local' },
    };
    return JSON.stringify(config, null, 2);
  },
};
