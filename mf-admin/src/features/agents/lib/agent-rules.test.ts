import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import type { AdminAgent } from '@portal/contracts';
import { AgentUpdate, SECRET_MASK } from '@portal/contracts/schemas';
import { agentPorts, agentToForm, newAgent, typePreset } from './agent-rules';

describe('agent type presets (spec-2 §4)', () => {
  it('h2 sets control port 999, relay port 443 and ubuntu_x86', () => {
    expect(typePreset('h2')).toEqual({ serverType: 'ubuntu_x86', ctrl_port: 999, zz_port: 443 });
  });

  it('reality sets 888 and 443 on every other port, and ubuntu_reality', () => {
    expect(typePreset('reality')).toEqual({
      serverType: 'ubuntu_reality',
      ctrl_port: 888,
      zz_port: 443,
      port: 443,
      public_port: 443,
    });
  });

  it('v2ray sets ubuntu_x86 and 888 and keeps the ports', () => {
    expect(typePreset('v2ray')).toEqual({ serverType: 'ubuntu_x86', ctrl_port: 888 });
  });
});

describe('a new node', () => {
  it('has a sample name, ip and host, and passes the update schema as it is', () => {
    const agent = newAgent();
    expect(agent).toMatchObject({
      name: '新节点',
      ip: '1.2.3.4',
      host: 'node1.example.com',
      type: 'v2ray',
      ctrl_port: 888,
    });
    const { _id: _ignored, ...created } = agent;
    expect([...Value.Errors(AgentUpdate, created)]).toEqual([]);
  });
});

describe('a node in the form', () => {
  const stored: AdminAgent = {
    ...newAgent(),
    type: 'v2ray',
    _id: '665f1c2ab7e4d90012a3c001',
    serverType: null,
    ssh_password: SECRET_MASK,
    speed: '1Gbps',
    orderID: 2,
    nameEn: 'Tokyo',
    status: true,
    lastReportAt: null,
    agent_version: '1.2.0',
    updateConfigTimes: 4,
    upgradePending: false,
    hasSecret: true,
  };

  it('keeps only what an update takes, so the schema accepts it', () => {
    const form = agentToForm(stored);
    expect(form).not.toHaveProperty('status');
    expect(form).not.toHaveProperty('hasSecret');
    expect(form.serverType).toBe('ubuntu_x86');
    expect(Value.Check(AgentUpdate, form)).toBe(true);
  });

  it('lists the ports as relay/port/public', () => {
    expect(agentPorts({ zz_port: 443, port: 10086, public_port: 8443 })).toBe('443/10086/8443');
  });
});
