import { agentPortPresets, agentTypes, type AdminAgent, type AgentType, type AgentUpdate } from '@portal/contracts';
import { agentTypePresets } from '@portal/contracts/schemas';

const isAgentType = (type: string): type is AgentType => (agentTypes as readonly string[]).includes(type);

/** spec-2 §4: what choosing a type sets (h2: 999/443, ubuntu_x86; reality: 888/443/443/443, ubuntu_reality; v2ray: ubuntu_x86, 888). */
export function typePreset(type: string): Partial<AgentUpdate> {
  return isAgentType(type) ? { ...agentTypePresets[type] } : {};
}

/** A new node (spec-2 §9: a sample name, ip and host), a v2ray node with its ports and preset. */
export function newAgent(): AgentUpdate {
  return {
    _id: '',
    index: 0,
    name: '新节点',
    nameEn: '',
    country: { name: '日本', flag: '🇯🇵', code: 'JP' },
    type: 'v2ray',
    serverType: 'ubuntu_x86',
    ip: '1.2.3.4',
    host: 'node1.example.com',
    ...agentPortPresets.v2ray,
    ...typePreset('v2ray'),
    desc: '',
    warp: false,
    open_log: false,
    ssh_port: 22,
    ssh_username: 'root',
    ssh_password: '',
    enabled: true,
    speed: '',
    orderID: 0,
  };
}

/** The form's values of a node: the fields an update takes (the password stays masked). */
export function agentToForm(agent: AdminAgent): AgentUpdate {
  return {
    _id: agent._id,
    index: agent.index,
    name: agent.name,
    nameEn: agent.nameEn,
    country: agent.country,
    type: agent.type,
    serverType: agent.serverType ?? typePreset(agent.type).serverType ?? 'ubuntu_x86',
    ip: agent.ip,
    host: agent.host,
    ctrl_port: agent.ctrl_port,
    zz_port: agent.zz_port,
    port: agent.port,
    public_port: agent.public_port,
    desc: agent.desc,
    warp: agent.warp,
    open_log: agent.open_log,
    ssh_port: agent.ssh_port,
    ssh_username: agent.ssh_username,
    ssh_password: agent.ssh_password,
    enabled: agent.enabled,
    speed: agent.speed,
    orderID: agent.orderID,
  };
}

/** The ports column: relay / port / public (zz_port/port/public_port). */
export const agentPorts = (agent: Pick<AdminAgent, 'zz_port' | 'port' | 'public_port'>) =>
  `${agent.zz_port}/${agent.port}/${agent.public_port}`;
