import { latencyColour, type AgentListItem } from '@portal/contracts';

/** What each node type is good for (the description block of the node list). */
export const agentTypeDescriptions: ReadonlyArray<{ type: AgentListItem['type']; title: string; text: string }> = [
  { type: 'v2ray', title: 'V2Ray 节点（VMess）', text: '兼容性最好，几乎所有客户端都能使用，日常使用首选。' },
  {
    type: 'h2',
    title: 'H2 节点（HTTP/2 + TLS）',
    text: '全程 TLS 加密，伪装成普通网页访问，网络干扰较多的时段更稳定。',
  },
  {
    type: 'reality',
    title: 'Reality 节点（VLESS + REALITY）',
    text: '抗封锁能力最强，需要较新的客户端（v2rayN 7.0.0 以上、Clash Meta、sing-box、Shadowrocket）。',
  },
];

export type LatencyColour = ReturnType<typeof latencyColour>;

/** The badge of a card: latency in ms coloured by the spec's thresholds, or gray when not reported. */
export function latencyBadge(speed: number | null): { text: string; colour: LatencyColour | 'gray' } {
  if (speed === null) return { text: '暂无测速', colour: 'gray' };
  return { text: `${Math.round(speed)} ms`, colour: latencyColour(speed) };
}
