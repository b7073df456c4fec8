import type { Format } from './context.js';
import { ALL_FEATURES } from './context.js';
import { base64Lines, shareLink } from './links.js';

/** V2Box / v2rayNG / Streisand: base64 list of share links (`base64=False` gives the plain list). */
export const v2box: Format = {
  contentType: 'text/plain; charset=utf-8',
  extension: 'txt',
  features: ALL_FEATURES,
  render(ctx) {
    const lines = ctx.proxies.map((p) => shareLink(p));
    return ctx.query.base64 === 'False' || ctx.query.base64 === 'false' ? lines.join('\n') : base64Lines(lines);
  },
};
