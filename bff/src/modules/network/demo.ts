import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { NewAgent, NewEntry, NewLine } from '../../db/schema.js';
import type { NetworkRepository } from './repository.js';

/** A fresh X25519 key pair for REALITY, raw keys in base64url (the form xray and clients use). */
export function realityKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  const pub = publicKey.export({ format: 'jwk' }).x ?? '';
  const priv = privateKey.export({ format: 'jwk' }).d ?? '';
  return { publicKey: pub, privateKey: priv };
}

/** Demo network: three agents (one per type), one entry, six lines covering every protocol. */
export function demoNetwork(): { agents: NewAgent[]; entries: NewEntry[]; lines: NewLine[] } {
  const reality = realityKeyPair();
  const ssKey = randomBytes(16).toString('base64');
  const agents: NewAgent[] = [
    {
      id: 'demo-agent-jp',
      index: 1,
      name: '日本 东京',
      nameEn: 'Japan Tokyo',
      desc: '演示节点（v2ray）',
      country: { name: '日本', flag: '🇯🇵', code: 'JP' },
      type: 'v2ray',
      serverType: 'ubuntu_x86',
      ip: '203.0.113.10',
      host: 'jp1.example.com',
      port: 10086,
      publicPort: 443,
      speed: '1Gbps',
    },
    {
      id: 'demo-agent-hk',
      index: 2,
      name: '香港 01',
      nameEn: 'Hong Kong 01',
      desc: '演示节点（h2）',
      country: { name: '香港', flag: '🇭🇰', code: 'HK' },
      type: 'h2',
      serverType: 'ubuntu_x86',
      ip: '203.0.113.20',
      host: 'hk1.example.com',
      port: 443,
      publicPort: 443,
      speed: '500Mbps',
    },
    {
      id: 'demo-agent-us',
      index: 3,
      name: '美国 洛杉矶',
      nameEn: 'United States Los Angeles',
      desc: '演示节点（reality）',
      country: { name: '美国', flag: '🇺🇸', code: 'US' },
      type: 'reality',
      serverType: 'ubuntu_reality',
      ip: '203.0.113.30',
      host: 'us1.example.com',
      port: 443,
      publicPort: 443,
      speed: '1Gbps',
    },
  ];
  const entries: NewEntry[] = [
    {
      id: 'demo-entry-sh',
      index: 1,
      name: '上海入口',
      ip: '198.51.100.5',
      host: 'sh-in.example.com',
      ipList: ['198.51.100.5', '198.51.100.6'],
      desc: '演示中转入口',
    },
  ];
  const lines: NewLine[] = [
    { id: 'demo-line-jp-tcp', index: 1, name: '日本 东京', agentID: 'demo-agent-jp', protocol: 'vmesh_tcp' },
    {
      id: 'demo-line-jp-ws',
      index: 2,
      name: '日本 东京 CDN',
      agentID: 'demo-agent-jp',
      protocol: 'vmesh_ws',
      bridge: 'cf_cdn',
      tls: true,
      port: 443,
      sni: 'cdn-jp1.example.com',
      wsPath: '/ray',
    },
    {
      id: 'demo-line-jp-ss',
      index: 3,
      name: '日本 中转',
      agentID: 'demo-agent-jp',
      protocol: 'ss',
      entryID: 'demo-entry-sh',
      port: 20001,
      ssMethod: '2022-blake3-aes-128-gcm',
      ssServerKey: ssKey,
      num: 2,
      scale: 1.5,
    },
    {
      id: 'demo-line-jp-compat',
      index: 4,
      name: '日本 兼容',
      agentID: 'demo-agent-jp',
      protocol: 'compat',
      port: 10088,
      ssMethod: 'aes-128-gcm',
    },
    {
      id: 'demo-line-hk-h2',
      index: 5,
      name: '香港 01',
      agentID: 'demo-agent-hk',
      protocol: 'h2',
      tls: true,
      h2Path: '/h2',
    },
    {
      id: 'demo-line-us-reality',
      index: 6,
      name: '美国 洛杉矶',
      agentID: 'demo-agent-us',
      protocol: 'reality',
      realityServerName: 'www.microsoft.com',
      realityPublicKey: reality.publicKey,
      realityPrivateKey: reality.privateKey,
      realityShortId: randomBytes(4).toString('hex'),
    },
  ];
  return { agents, entries, lines };
}

export const DEMO_NETWORK = demoNetwork;

/** Inserts the demo network when no agent exists yet; true when it did. */
export async function applyDemoNetwork(network: NetworkRepository): Promise<boolean> {
  if ((await network.countAgents()) > 0) return false;
  const demo = demoNetwork();
  for (const agent of demo.agents) await network.insertAgent(agent);
  for (const entry of demo.entries) await network.insertEntry(entry);
  await network.insertLines(demo.lines);
  return true;
}
