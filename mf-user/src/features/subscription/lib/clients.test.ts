import { describe, expect, it } from 'vitest';
import { routes } from '@portal/contracts';
import { buildSubscriptionLinks, clients, menuOpenBlock, oneTapBlock } from '@portal/platform';
import { advancedClients, advancedVariants, menuActions, platformClients } from './clients.js';

const links = buildSubscriptionLinks({ _id: 'u1', userkey: 'k1', describe_host: '' }, '', 'https://h.example');

describe('subscribe menus', () => {
  it('need user info, and Shadowrocket and SSR also need the user id', () => {
    expect(menuOpenBlock(clients.clash, null)).toBe('loginFirst');
    expect(menuOpenBlock(clients.clash, { _id: '' })).toBeNull();
    expect(menuOpenBlock(clients.shadowrocket, { _id: '' })).toBe('networkRetry');
    expect(menuOpenBlock(clients.ssr, { _id: undefined })).toBe('networkRetry');
    expect(menuOpenBlock(clients.ssr, { _id: 'u1' })).toBeNull();
  });

  it('let Shadowrocket, QuantumultX and Quantumult import in one tap only on a phone, and Surge only on iOS', () => {
    const desktop = { mobile: false, ios: false };
    const android = { mobile: true, ios: false };
    const iphone = { mobile: true, ios: true };
    for (const id of ['shadowrocket', 'quantumultx', 'quantumult'] as const) {
      expect(oneTapBlock(clients[id], desktop)).toBe('mobileOnly');
      expect(oneTapBlock(clients[id], android)).toBeNull();
    }
    expect(oneTapBlock(clients.surge, android)).toBe('surgeIosOnly');
    expect(oneTapBlock(clients.surge, iphone)).toBeNull();
    expect(oneTapBlock(clients.clash, desktop)).toBeNull();
  });

  it('offer the moji link only for Clash Meta, and no one-tap import where the client has no scheme', () => {
    expect(menuActions(clients.clashMeta)).toEqual(['import', 'importMoji', 'copy', 'copyMoji', 'qr', 'reset']);
    expect(menuActions(clients.ssr)).toEqual(['copy', 'qr', 'reset']);
    expect(menuActions(clients.v2ray)).toEqual(['copy', 'qr', 'reset']);
    expect(clients.clashMeta.moji!.link(links)).toContain('/api/subscript/mjclash/u1/k1');
  });

  it('build each client link from its kind', () => {
    expect(clients.shadowrocket.link(links)).toContain('/api/subscript/ss/');
    expect(clients.shadowrocket.qr!(links)).toMatch(/^sub:\/\//);
    expect(clients.ssr.link(links)).toContain('/api/subscript/ssr/');
    expect(clients.quantumultx.oneTap!(links)).toMatch(/^quantumult-x:\/\/\/add-resource\?remote-resource=/);
    expect(clients.quantumult.oneTap!(links)).toMatch(/^quantumult:\/\/configuration\?server=.+&filter=.+/);
    expect(clients.clash.oneTap!(links)).toContain(encodeURIComponent('?name='));
    expect(clients.streisand.link(links)).toContain('asn=unknown&mode=new&base64=True');
  });
});

describe('platform lists', () => {
  it('list the spec clients per platform, FLClash first and recommended on Windows', () => {
    const names = (p: keyof typeof platformClients) => platformClients[p].map((c) => c.label ?? clients[c.client].name);
    expect(names('windows')).toEqual(['FLClash', 'Clash', 'v2ray']);
    expect(names('android')).toEqual(['FLClash', 'SingBox', 'Clash', 'v2rayNG', 'Clash Meta']);
    expect(names('ios')).toEqual(['Shadowrocket', 'SingBox', 'QuantumultX', 'Streisand', 'V2Box']);
    expect(names('macos')).toEqual(['FLClash', 'SingBox', 'ClashX', 'v2ray 通用订阅链接']);
    expect(platformClients.windows[0]!.recommended).toBe(true);
  });

  it('link every client to a tutorial route of the route table', () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const list of Object.values(platformClients))
      for (const entry of list) expect(paths).toContain(entry.tutorial);
  });

  it('show every advanced-import client of the spec', () => {
    expect(advancedClients.map((c) => clients[c.client].name)).toEqual([
      'Shadowrocket',
      'FLClash',
      'SSR',
      'Loon',
      'Clash',
      'Surge',
      'QuantumultX',
      'Surfboard',
    ]);
    expect(advancedVariants.map((id) => clients[id].name)).toEqual([
      'Clash Meta',
      'V2Box',
      'Streisand',
      'Quantumult',
      'sing-box',
    ]);
  });
});
