/** What the formatters receive: fully resolved proxies, independent of the database. */

export type Transport = 'tcp' | 'ws' | 'h2';

interface ProxyBase {
  /** Display name without flag (unique within one subscription). */
  name: string;
  /** Flag emoji for clients that show them (mjclash); '' when the line's name is fixed. */
  flag: string;
  server: string;
  port: number;
}

export interface VmessProxy extends ProxyBase {
  type: 'vmess';
  uuid: string;
  alterId: number;
  cipher: string;
  network: Transport;
  tls: boolean;
  /** TLS server name and ws Host / h2 host; '' = the server. */
  sni: string;
  path: string;
}

export interface SsProxy extends ProxyBase {
  type: 'ss';
  method: string;
  password: string;
}

export interface VlessRealityProxy extends ProxyBase {
  type: 'vless';
  uuid: string;
  flow: string;
  serverName: string;
  publicKey: string;
  shortId: string;
}

export type Proxy = VmessProxy | SsProxy | VlessRealityProxy;

/** Protocol "features" a client may or may not support (the capability table keys). */
export type Feature = 'vmess-tcp' | 'vmess-ws' | 'vmess-h2' | 'ss-aead' | 'ss-2022' | 'vless-reality';

export function featureOf(proxy: Proxy): Feature {
  switch (proxy.type) {
    case 'vmess':
      return `vmess-${proxy.network}`;
    case 'ss':
      return proxy.method.startsWith('2022-') ? 'ss-2022' : 'ss-aead';
    case 'vless':
      return 'vless-reality';
  }
}

export const displayName = (proxy: Proxy, withFlag: boolean): string =>
  withFlag && proxy.flag !== '' ? `${proxy.flag} ${proxy.name}` : proxy.name;
