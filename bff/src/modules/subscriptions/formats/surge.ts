import { surgeFormat } from './surge-common.js';

/** Surge 5: vmess over tcp/ws (no h2 transport), Shadowsocks incl. 2022; no VLESS. */
export const surge = surgeFormat(['vmess-tcp', 'vmess-ws', 'ss-aead', 'ss-2022']);
