import { displayName, type Proxy, type SsProxy, type VlessRealityProxy, type VmessProxy } from '../model.js';

/** vmess:// in the v2rayN "v2" JSON form. */
export function vmessLink(p: VmessProxy, withFlag = false): string {
  const json = {
    v: '2',
    ps: displayName(p, withFlag),
    add: p.server,
    port: String(p.port),
    id: p.uuid,
    aid: String(p.alterId),
    scy: p.cipher,
    net: p.network === 'h2' ? 'h2' : p.network,
    type: 'none',
    host: p.network === 'tcp' ? '' : p.sni,
    path: p.path,
    tls: p.tls ? 'tls' : '',
    sni: p.tls ? p.sni : '',
  };
  return `vmess://${Buffer.from(JSON.stringify(json), 'utf8').toString('base64')}`;
}

/** ss:// in SIP002: base64url userinfo for classic methods, percent-encoded for 2022 ones (SIP022). */
export function ssLink(p: SsProxy, withFlag = false): string {
  const userinfo = p.method.startsWith('2022-')
    ? `${encodeURIComponent(p.method)}:${encodeURIComponent(p.password)}`
    : Buffer.from(`${p.method}:${p.password}`, 'utf8').toString('base64url');
  return `ss://${userinfo}@${hostPart(p.server)}:${p.port}#${encodeURIComponent(displayName(p, withFlag))}`;
}

/** vless:// with REALITY (the Xray share-link proposal). */
export function vlessLink(p: VlessRealityProxy, withFlag = false): string {
  const q = new URLSearchParams({
    encryption: 'none',
    flow: p.flow,
    security: 'reality',
    sni: p.serverName,
    fp: 'chrome',
    pbk: p.publicKey,
    sid: p.shortId,
    type: 'tcp',
  });
  return `vless://${p.uuid}@${hostPart(p.server)}:${p.port}?${q.toString()}#${encodeURIComponent(displayName(p, withFlag))}`;
}

export function shareLink(p: Proxy, withFlag = false): string {
  switch (p.type) {
    case 'vmess':
      return vmessLink(p, withFlag);
    case 'ss':
      return ssLink(p, withFlag);
    case 'vless':
      return vlessLink(p, withFlag);
  }
}

const hostPart = (server: string) => (server.includes(':') ? `[${server}]` : server);

export const base64Lines = (lines: readonly string[]): string =>
  Buffer.from(lines.join('\n'), 'utf8').toString('base64');
