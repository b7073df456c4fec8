import type { Proxy } from '../model.js';
import type { Format } from './context.js';

/** QuantumultX names: `,` and `=` are separators. */
const qxTag = (name: string) => name.replace(/,/g, '，').replace(/=/g, '＝');

const QX_VMESS_CIPHERS = new Set(['none', 'aes-128-gcm', 'chacha20-poly1305']);

function serverLine(p: Proxy): string {
  if (p.type === 'ss') {
    return `shadowsocks=${p.server}:${p.port}, method=${p.method}, password=${p.password}, fast-open=false, udp-relay=true, tag=${qxTag(p.name)}`;
  }
  if (p.type !== 'vmess') throw new Error(`unsupported proxy ${p.type}`);
  const method = QX_VMESS_CIPHERS.has(p.cipher) ? p.cipher : 'chacha20-poly1305';
  const parts = [`vmess=${p.server}:${p.port}`, `method=${method}`, `password=${p.uuid}`];
  if (p.network === 'ws')
    parts.push(`obfs=${p.tls ? 'wss' : 'ws'}`, `obfs-host=${p.sni || p.server}`, `obfs-uri=${p.path}`);
  else if (p.tls) parts.push('obfs=over-tls', `obfs-host=${p.sni || p.server}`);
  parts.push('fast-open=false', 'udp-relay=false', `aead=${p.alterId === 0}`, `tag=${qxTag(p.name)}`);
  return parts.join(', ');
}

/** QuantumultX server_remote: one server line per proxy (the rule sets are separate files). */
export const qx: Format = {
  contentType: 'text/plain; charset=utf-8',
  extension: 'conf',
  features: ['vmess-tcp', 'vmess-ws', 'ss-aead'],
  render: (ctx) => `${ctx.proxies.map(serverLine).join('\n')}\n`,
};
