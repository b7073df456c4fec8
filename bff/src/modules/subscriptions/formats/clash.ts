import { clashFormat } from './clash-common.js';

/** Clash (premium/classic cores): no VLESS/REALITY and no Shadowsocks 2022. */
export const clash = clashFormat({
  features: ['vmess-tcp', 'vmess-ws', 'vmess-h2', 'ss-aead'],
  meta: false,
  flags: false,
});
