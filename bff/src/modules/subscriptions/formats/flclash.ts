import { ALL_FEATURES } from './context.js';
import { clashFormat } from './clash-common.js';

/** FlClash runs the mihomo core: every protocol, plain names. */
export const flclash = clashFormat({ features: ALL_FEATURES, meta: true, flags: false });
