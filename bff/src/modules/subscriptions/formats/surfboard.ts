import { surgeFormat } from './surge-common.js';

/** Surfboard (Surge profile syntax): vmess over tcp/ws, classic AEAD Shadowsocks only. */
export const surfboard = surgeFormat(['vmess-tcp', 'vmess-ws', 'ss-aead']);
