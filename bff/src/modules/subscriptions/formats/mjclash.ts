import { ALL_FEATURES } from './context.js';
import { clashFormat } from './clash-common.js';

/** Clash Meta (mihomo) with flag emoji in the names ("moji"). */
export const mjclash = clashFormat({ features: ALL_FEATURES, meta: true, flags: true });
