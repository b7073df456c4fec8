import type { Agent, Entry, Line } from '../../db/schema.js';
import type { CandidateLine, ServiceMoment, SubscriberUser } from './rules.js';

/** Deterministic data for the rules, formats and golden tests (and the bench). */
export const NOW = new Date('2025-06-01T00:00:00Z');
/** NOW on the service's calendar (Asia/Shanghai: 08:00 on 1 June). */
export const AT: ServiceMoment = { now: NOW, today: '2025-06-01' };

export function fixtureUser(overrides: Partial<SubscriberUser> = {}): SubscriberUser {
  return {
    id: '0123456789abcdef01234567',
    userkey: '89abcdef0123456789abcdef01234567',
    traffic: 100 * 1024 ** 3,
    spendTraffic: 3 * 1024 ** 3,
    vipExpireTime: new Date('2025-07-01T00:00:00Z'),
    disabled: false,
    isAgency: false,
    inForeign: false,
    inXinjiang: false,
    useEnglishNode: false,
    timePackageDay: null,
    dailyTimePackageUsage: 0,
    dailyLimit: null,
    normalPermission: true,
    deviceNum: 0,
    packageDeviceNum: 0,
    ...overrides,
  };
}

const created = new Date('2025-01-01T00:00:00Z');

export function fixtureAgent(id: string, overrides: Partial<Agent> = {}): Agent {
  return {
    id,
    index: 0,
    name: '日本 东京',
    nameEn: 'Japan Tokyo',
    desc: '',
    country: { name: '日本', flag: '🇯🇵', code: 'JP' },
    type: 'v2ray',
    serverType: null,
    ip: '203.0.113.10',
    host: 'jp1.example.com',
    ctrlPort: 8081,
    zzPort: 10087,
    port: 10086,
    publicPort: 443,
    sshPort: 22,
    sshUsername: '',
    sshPassword: '',
    warp: false,
    openLog: false,
    status: true,
    agentVersion: '',
    updateConfigTimes: 0,
    speed: '',
    orderID: 0,
    secretHash: null,
    upgradeRequestedAt: null,
    lastReportAt: null,
    offlineNotifiedAt: null,
    load: null,
    latencyMs: null,
    onlineUsers: null,
    createdAt: created,
    ...overrides,
  };
}

export function fixtureLine(id: string, agentID: string, overrides: Partial<Line> = {}): Line {
  return {
    id,
    index: 0,
    name: '日本 东京',
    nameEn: '',
    agentID,
    protocol: 'vmesh_tcp',
    bridge: 'none',
    entryID: null,
    scale: 1,
    num: 1,
    public: true,
    fixName: false,
    disableForAgency: false,
    permissionRequire: null,
    hot: 0,
    msg: '',
    port: null,
    alterId: 0,
    vmessCipher: 'auto',
    tls: false,
    sni: '',
    wsPath: '/ws',
    h2Path: '/h2',
    ssMethod: 'aes-128-gcm',
    ssServerKey: '',
    realityServerName: '',
    realityPublicKey: '',
    realityPrivateKey: '',
    realityShortId: '',
    flow: 'xtls-rprx-vision',
    createdAt: created,
    ...overrides,
  };
}

export const fixtureEntry: Entry = {
  id: 'entry-sh',
  index: 0,
  name: '上海入口',
  ip: '198.51.100.5',
  host: 'sh-in.example.com',
  ipList: ['198.51.100.5', '198.51.100.6'],
  desc: '',
  visible: true,
  createdAt: created,
};

/** One line of every protocol and bridge, as in the demo network but with fixed keys. */
export function fixtureCandidates(): CandidateLine[] {
  const jp = fixtureAgent('agent-jp');
  const hk = fixtureAgent('agent-hk', {
    name: '香港 01',
    nameEn: 'Hong Kong 01',
    country: { name: '香港', flag: '🇭🇰', code: 'HK' },
    type: 'h2',
    ip: '203.0.113.20',
    host: 'hk1.example.com',
    port: 443,
  });
  const us = fixtureAgent('agent-us', {
    name: '美国',
    nameEn: 'United States',
    country: { name: '美国', flag: '🇺🇸', code: 'US' },
    type: 'reality',
    ip: '203.0.113.30',
    host: 'us1.example.com',
    port: 443,
  });
  return [
    { agent: jp, entry: null, line: fixtureLine('l-tcp', jp.id, { name: '日本 东京' }) },
    {
      agent: jp,
      entry: null,
      line: fixtureLine('l-ws', jp.id, {
        name: '日本 CDN',
        protocol: 'vmesh_ws',
        bridge: 'cf_cdn',
        tls: true,
        sni: 'cdn-jp1.example.com',
        wsPath: '/ray',
      }),
    },
    {
      agent: jp,
      entry: fixtureEntry,
      line: fixtureLine('l-ss', jp.id, {
        name: '日本 中转',
        protocol: 'ss',
        entryID: fixtureEntry.id,
        port: 20001,
        ssMethod: '2022-blake3-aes-128-gcm',
        ssServerKey: 'AAECAwQFBgcICQoLDA0ODw==',
        num: 2,
        scale: 1.5,
      }),
    },
    {
      agent: jp,
      entry: null,
      line: fixtureLine('l-compat', jp.id, { name: '日本 兼容', protocol: 'compat', port: 10088 }),
    },
    { agent: hk, entry: null, line: fixtureLine('l-h2', hk.id, { name: '香港 01', protocol: 'h2', tls: true }) },
    {
      agent: us,
      entry: null,
      line: fixtureLine('l-reality', us.id, {
        name: '美国',
        protocol: 'reality',
        realityServerName: 'www.microsoft.com',
        realityPublicKey: 'Z84J2IelR9ch3k8VtlVhhs5ycBUlXA7wHBWcBrjqnAw',
        realityShortId: '6ba85179',
      }),
    },
  ];
}
