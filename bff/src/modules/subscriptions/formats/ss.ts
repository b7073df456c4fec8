import type { Format } from './context.js';
import { base64Lines, ssLink } from './links.js';

/** Shadowsocks clients (SIP008-era apps): base64 list of ss:// links; ss-2022 included (SIP022). */
export const ss: Format = {
  contentType: 'text/plain; charset=utf-8',
  extension: 'txt',
  features: ['ss-aead', 'ss-2022'],
  render: (ctx) => base64Lines(ctx.proxies.flatMap((p) => (p.type === 'ss' ? [ssLink(p)] : []))),
};
