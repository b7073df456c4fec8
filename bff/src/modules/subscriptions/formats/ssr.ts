import type { Format } from './context.js';
import { base64Lines, shareLink } from './links.js';

/**
 * The "SSR" button of spec-1 is Shadowrocket's subscription: a base64 list of share links
 * (Shadowrocket reads vmess://, vless:// with REALITY and ss:// including 2022 methods).
 */
export const ssr: Format = {
  contentType: 'text/plain; charset=utf-8',
  extension: 'txt',
  features: ['vmess-tcp', 'vmess-ws', 'vmess-h2', 'ss-aead', 'ss-2022', 'vless-reality'],
  render: (ctx) => base64Lines(ctx.proxies.map((p) => shareLink(p))),
};
