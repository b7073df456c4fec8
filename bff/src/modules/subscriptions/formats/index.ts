import type { SubscriptionKind } from '@portal/contracts';
import { clash } from './clash.js';
import type { Format } from './context.js';
import { flclash } from './flclash.js';
import { mjclash } from './mjclash.js';
import { q } from './q.js';
import { qx } from './qx.js';
import { singbox } from './singbox.js';
import { ss } from './ss.js';
import { ssr } from './ssr.js';
import { surfboard } from './surfboard.js';
import { surge } from './surge.js';
import { v2box } from './v2box.js';

export const formats: Record<SubscriptionKind, Format> = {
  clash,
  mjclash,
  flclash,
  ss,
  ssr,
  v2box,
  surge,
  surfboard,
  qx,
  q,
  singbox,
};
