import type { Proxy } from '../model.js';
import type { Format } from './context.js';
import { base64Lines, ssLink } from './links.js';

const quote = (s: string) => `"${s.replace(/"/g, '')}"`;

/** Quantumult's own vmess link: `vmess://base64(name = vmess, server, port, cipher, "uuid", group=…, …)`. */
function quantumultVmess(p: Proxy, group: string): string {
  if (p.type !== 'vmess') throw new Error(`unsupported proxy ${p.type}`);
  const cipher = p.cipher === 'auto' ? 'chacha20-ietf-poly1305' : p.cipher;
  const parts = [
    `${p.name.replace(/[=,]/g, ' ')} = vmess`,
    p.server,
    String(p.port),
    cipher,
    quote(p.uuid),
    `group=${group.replace(/[=,]/g, ' ')}`,
    `over-tls=${p.tls}`,
    `certificate=1`,
  ];
  if (p.tls) parts.push(`tls-host=${p.sni || p.server}`);
  if (p.network === 'ws')
    parts.push('obfs=ws', `obfs-path=${quote(p.path)}`, `obfs-header=${quote(`Host: ${p.sni || p.server}`)}`);
  return `vmess://${Buffer.from(parts.join(', '), 'utf8').toString('base64')}`;
}

/** Quantumult (the original app): base64 list of its vmess links and ss:// links. */
export const q: Format = {
  contentType: 'text/plain; charset=utf-8',
  extension: 'txt',
  features: ['vmess-tcp', 'vmess-ws', 'ss-aead'],
  render: (ctx) => base64Lines(ctx.proxies.map((p) => (p.type === 'ss' ? ssLink(p) : quantumultVmess(p, ctx.title)))),
};
