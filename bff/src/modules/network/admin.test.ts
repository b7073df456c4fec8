import {
  Codes,
  GiB,
  type AdminAgent,
  type AdminEntry,
  type AdminLine,
  type AdminPermission,
  type AgentSaved,
} from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import { SECRET_MASK } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInput, entryInput, lineInput, startAdminApp, type Admin } from '../../../test/admin.js';
import { signedInUser } from '../../../test/api.js';
import { product } from '../../../test/money.js';
import { sha256Hex } from '../../lib/random.js';
import { NODE_API_PREFIX } from '../node-api/index.js';
import { networkTexts } from './texts.js';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => ({ app, admin } = await startAdminApp()));
afterAll(() => app.close());

async function newAgent(overrides: Parameters<typeof agentInput>[0] = {}): Promise<AgentSaved> {
  const { code, data, msg } = await admin.post<AgentSaved>('/api/admin/agents/update', agentInput(overrides));
  if (code !== 0) throw new Error(`agents/update: ${code} ${msg}`);
  return data;
}

async function newEntry(overrides: Parameters<typeof entryInput>[0] = {}): Promise<AdminEntry> {
  const { code, data, msg } = await admin.post<AdminEntry>('/api/admin/entrys/update', entryInput(overrides));
  if (code !== 0) throw new Error(`entrys/update: ${code} ${msg}`);
  return data;
}

const nodeGet = (path: 'config' | 'user', agentId: string, token: string) =>
  app.inject({
    method: 'GET',
    url: `${NODE_API_PREFIX}/${path}`,
    query: { node_id: agentId, token, node_type: 'vmess' },
  });

const row = async (table: string, id: string) =>
  (await app.database.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE id = $1`, [id]))[0];

describe('admin permissions', () => {
  it('creates, lists, renames and deletes a permission; names are unique', async () => {
    const created = await admin.post<AdminPermission>('/api/admin/permissions/update', {
      name: 'line_vip_a',
      desc: '专线 A',
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ name: 'line_vip_a', desc: '专线 A', useTimes: 0 });
    const id = created.data._id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);

    const taken = await admin.post('/api/admin/permissions/update', { name: 'line_vip_a', desc: '' });
    expect(taken).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: networkTexts.permissionNameTaken('line_vip_a') });

    const renamed = await admin.post<AdminPermission>('/api/admin/permissions/update', {
      _id: id,
      name: 'line_vip_b',
      desc: '专线 B',
    });
    expect(renamed.data).toMatchObject({ _id: id, name: 'line_vip_b', desc: '专线 B' });
    const list = await admin.post<AdminPermission[]>('/api/admin/permissions/list');
    expect(list.data.filter((p) => p._id === id)).toEqual([
      { _id: id, name: 'line_vip_b', desc: '专线 B', useTimes: 0 },
    ]);

    expect((await admin.post('/api/admin/permissions/delete', { id })).code).toBe(0);
    expect(await row('permissions', id)).toBeUndefined();
    expect(await admin.post('/api/admin/permissions/delete', { id })).toMatchObject({
      code: Codes.NOT_FOUND,
      msg: networkTexts.permissionMissing,
    });
  });

  it('lets one of two admins creating the same name at once have it, and tells the other why', async () => {
    const answers = await Promise.all(
      [0, 1].map(() => admin.post('/api/admin/permissions/update', { name: 'line_race', desc: '' })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, Codes.INVALID_PAYLOAD]);
    expect(answers.find((a) => a.code !== 0)!.msg).toBe(networkTexts.permissionNameTaken('line_race'));
    expect(await app.database.query("SELECT id FROM permissions WHERE name = 'line_race'")).toHaveLength(1);
  });

  it('refuses useTimes and other fields the screen does not offer, and applies nothing', async () => {
    const { data } = await admin.post<AdminPermission>('/api/admin/permissions/update', {
      name: 'line_allow',
      desc: '',
    });
    for (const extra of [{ useTimes: 99 }, { type: 'admin' }, { wallet_money: 1 }]) {
      const answer = await admin.post('/api/admin/permissions/update', {
        _id: data._id,
        name: 'line_allow',
        desc: 'x',
        ...extra,
      });
      expect(answer.code).toBe(Codes.INVALID_PAYLOAD);
    }
    expect(await row('permissions', data._id)).toMatchObject({ use_times: 0, desc: '' });
  });

  it('keeps a permission that a line requires or a product grants: no delete, no rename', async () => {
    const { data: permission } = await admin.post<AdminPermission>('/api/admin/permissions/update', {
      name: 'line_kept',
      desc: '',
    });
    const { agent } = await newAgent();
    const line = await admin.post<AdminLine>(
      '/api/admin/agent_line/update',
      lineInput(agent._id, { permissionRequire: permission._id }),
    );
    expect(line.data.permissionRequire).toBe(permission._id);
    expect(await admin.post('/api/admin/permissions/delete', { id: permission._id })).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: networkTexts.permissionInUse(1, 0),
    });
    await admin.post('/api/admin/agent_line/delete_agent', { id: line.data._id });

    const combo = await product(app, { permissionsGain: ['line_kept'], permissionDuration: 30 });
    expect(
      await admin.post('/api/admin/permissions/update', { _id: permission._id, name: 'line_renamed', desc: '' }),
    ).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: networkTexts.permissionRenameInUse(1),
    });
    expect(await admin.post('/api/admin/permissions/delete', { id: permission._id })).toMatchObject({
      msg: networkTexts.permissionInUse(0, 1),
    });
    // A withdrawn product no longer holds it.
    await app.shop.combos.remove(combo);
    expect((await admin.post('/api/admin/permissions/delete', { id: permission._id })).code).toBe(0);
  });
});

describe('admin agents', () => {
  it('issues the node-API secret once on creation: only its sha256 is stored, the node API takes it', async () => {
    const { agent, secret } = await newAgent({ name: '东京 01', ssh_password: 's3cret-ssh' });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(agent).toMatchObject({
      name: '东京 01',
      hasSecret: true,
      enabled: true,
      status: false,
      ssh_password: SECRET_MASK,
    });
    const stored = await row('agents', agent._id);
    expect(stored!.secret_hash).toBe(sha256Hex(secret!));
    expect(JSON.stringify(agent)).not.toContain(secret);
    expect((await nodeGet('user', agent._id, secret!)).statusCode).toBe(200);

    const list = await admin.post<AdminAgent[]>('/api/admin/agents/list');
    const listed = list.data.find((a) => a._id === agent._id)!;
    expect(JSON.stringify(list.data)).not.toContain(secret);
    expect(JSON.stringify(list.data)).not.toContain(String(stored!.secret_hash));
    expect(JSON.stringify(list.data)).not.toContain('s3cret-ssh');
    expect(listed.ssh_password).toBe(SECRET_MASK);

    const edited = await admin.post<AgentSaved>(
      '/api/admin/agents/update',
      agentInput({ _id: agent._id, name: '东京 02' }),
    );
    expect(edited.data.secret).toBeUndefined();
    expect((await nodeGet('user', agent._id, secret!)).statusCode).toBe(200);
  });

  it('rotate_secret answers a new secret; the old one stops working at once', async () => {
    const { agent, secret: old } = await newAgent();
    const rotated = await admin.post<AgentSaved>('/api/admin/agents/rotate_secret', { id: agent._id });
    expect(rotated.code).toBe(0);
    const fresh = rotated.data.secret!;
    expect(fresh).not.toBe(old);
    expect((await nodeGet('user', agent._id, old!)).statusCode).toBe(401);
    expect((await nodeGet('user', agent._id, fresh)).statusCode).toBe(200);
    expect((await row('agents', agent._id))!.secret_hash).toBe(sha256Hex(fresh));
  });

  it('keeps the SSH password write-only: the mask and an empty value keep it, a typed one replaces it', async () => {
    const { agent } = await newAgent({ ssh_password: 'first-pass' });
    const password = async () => (await row('agents', agent._id))!.ssh_password;
    await admin.post('/api/admin/agents/update', agentInput({ _id: agent._id, ssh_password: SECRET_MASK }));
    expect(await password()).toBe('first-pass');
    await admin.post('/api/admin/agents/update', agentInput({ _id: agent._id, ssh_password: '' }));
    expect(await password()).toBe('first-pass');
    await admin.post('/api/admin/agents/update', agentInput({ _id: agent._id }));
    expect(await password()).toBe('first-pass');
    await admin.post('/api/admin/agents/update', agentInput({ _id: agent._id, ssh_password: 'second-pass' }));
    expect(await password()).toBe('second-pass');
  });

  it('maps enabled to the operator switch and status to a report in the last 10 minutes', async () => {
    const { agent, secret } = await newAgent();
    const off = await admin.post<AgentSaved>(
      '/api/admin/agents/update',
      agentInput({ _id: agent._id, enabled: false }),
    );
    expect(off.data.agent.enabled).toBe(false);
    expect((await row('agents', agent._id))!.status).toBe(false);
    expect((await nodeGet('user', agent._id, secret!)).statusCode).toBe(401);
    await admin.post('/api/admin/agents/update', agentInput({ _id: agent._id, enabled: true }));

    await app.inject({
      method: 'POST',
      url: `${NODE_API_PREFIX}/status`,
      query: { node_id: agent._id, token: secret! },
      payload: { version: '1.0.0' },
    });
    const listed = (await admin.post<AdminAgent[]>('/api/admin/agents/list')).data.find((a) => a._id === agent._id)!;
    expect(listed).toMatchObject({ status: true, agent_version: '1.0.0' });
    await app.database.query(`UPDATE agents SET last_report_at = now() - interval '11 minutes' WHERE id = $1`, [
      agent._id,
    ]);
    expect(
      (await admin.post<AdminAgent[]>('/api/admin/agents/list')).data.find((a) => a._id === agent._id)!.status,
    ).toBe(false);
  });

  it('refuses secretHash, status, updateConfigTimes and other fields the screen does not offer', async () => {
    const { agent } = await newAgent();
    const before = await row('agents', agent._id);
    for (const extra of [
      { secretHash: sha256Hex('mine') },
      { status: false },
      { updateConfigTimes: 9 },
      { traffic: 1 },
      { type: 'admin' },
    ]) {
      const answer = await admin.post('/api/admin/agents/update', { ...agentInput({ _id: agent._id }), ...extra });
      expect(answer.code, JSON.stringify(extra)).toBe(Codes.INVALID_PAYLOAD);
    }
    expect(await row('agents', agent._id)).toEqual(before);
  });

  it('refuses an unknown id on update, delete and the agent actions', async () => {
    const id = 'ffffffffffffffffffffffff';
    const missing = { code: Codes.NOT_FOUND, msg: networkTexts.agentMissing };
    expect(await admin.post('/api/admin/agents/update', agentInput({ _id: id }))).toMatchObject(missing);
    expect(await admin.post('/api/admin/agents/delete', { id })).toMatchObject(missing);
    expect(await admin.post('/api/admin/agents/rotate_secret', { id })).toMatchObject(missing);
    expect(await admin.post('/api/admin/agents/upgrade_agentserver', { _id: id })).toMatchObject(missing);
    expect(await row('agents', id)).toBeUndefined();
  });

  it('lists agents by index and deletes one with its lines', async () => {
    const late = await newAgent({ index: 900 });
    const early = await newAgent({ index: -900 });
    const ids = (await admin.post<AdminAgent[]>('/api/admin/agents/list')).data.map((a) => a._id);
    expect(ids[0]).toBe(early.agent._id);
    expect(ids.at(-1)).toBe(late.agent._id);
    const line = await admin.post<AdminLine>('/api/admin/agent_line/update', lineInput(late.agent._id));
    expect((await admin.post('/api/admin/agents/delete', { id: late.agent._id })).code).toBe(0);
    expect(await row('agents', late.agent._id)).toBeUndefined();
    expect(await row('lines', line.data._id)).toBeUndefined();
  });

  it('clear_updatetimes sets every update count back to 0', async () => {
    await newAgent();
    await app.database.query('UPDATE agents SET update_config_times = 7');
    const answer = await admin.post<{ affected: number }>('/api/admin/agents/clear_updatetimes');
    expect(answer.code).toBe(0);
    expect(answer.data.affected).toBeGreaterThan(0);
    const counts = await app.database.query<{ n: number }>('SELECT DISTINCT update_config_times AS n FROM agents');
    expect(counts).toEqual([{ n: 0 }]);
  });
});

describe('agent upgrade through the node API', () => {
  it('hands the request and the install script of the server type to the node until it reports a new version', async () => {
    await admin.post('/api/admin/config/set_config', { ubuntu_reality_install: 'https://dl.example.com/reality.sh' });
    const { agent, secret } = await newAgent({ type: 'reality', serverType: 'ubuntu_reality' });
    const status = (version: string) =>
      app.inject({
        method: 'POST',
        url: `${NODE_API_PREFIX}/status`,
        query: { node_id: agent._id, token: secret! },
        payload: { version },
      });
    await status('1.0.0');
    expect((await nodeGet('config', agent._id, secret!)).json().upgrade).toBeUndefined();

    const upgraded = await admin.post<AdminAgent>('/api/admin/agents/upgrade_agentserver', {
      ...agent,
      _id: agent._id,
    });
    expect(upgraded.code).toBe(0);
    expect(upgraded.data.upgradePending).toBe(true);
    for (const path of ['config', 'user'] as const) {
      const body = (await nodeGet(path, agent._id, secret!)).json();
      expect(body.upgrade, path).toMatchObject({ install_script: 'https://dl.example.com/reality.sh' });
      expect(Date.parse(body.upgrade.requested_at)).not.toBeNaN();
    }

    await status('1.0.0');
    expect((await nodeGet('config', agent._id, secret!)).json().upgrade).toBeDefined();
    await status('1.1.0');
    expect((await nodeGet('config', agent._id, secret!)).json().upgrade).toBeUndefined();
    expect((await nodeGet('user', agent._id, secret!)).json().upgrade).toBeUndefined();
    expect(
      (await admin.post<AdminAgent[]>('/api/admin/agents/list')).data.find((a) => a._id === agent._id),
    ).toMatchObject({
      upgradePending: false,
      agent_version: '1.1.0',
    });
  });

  it('tells nodes the pull and push intervals of the settings', async () => {
    const { agent, secret } = await newAgent();
    await admin.post('/api/admin/config/set_config', { updateV2rayDuration: 120, trafficStasticDuration: 300 });
    expect((await nodeGet('config', agent._id, secret!)).json().base_config).toEqual({
      pull_interval: 120,
      push_interval: 300,
    });
    await admin.post('/api/admin/config/set_config', { updateV2rayDuration: 60, trafficStasticDuration: 60 });
  });
});

describe('admin entries', () => {
  it('creates, edits, lists by index and deletes an entry', async () => {
    const entry = await newEntry({ index: 5, name: '上海入口', host: 'sh.example.com' });
    expect(entry).toMatchObject({
      index: 5,
      name: '上海入口',
      host: 'sh.example.com',
      ipList: ['198.51.100.7', '198.51.100.8'],
      visible: true,
    });
    const edited = await admin.post<AdminEntry>(
      '/api/admin/entrys/update',
      entryInput({ _id: entry._id, name: '上海入口 2', visible: false }),
    );
    expect(edited.data).toMatchObject({ _id: entry._id, name: '上海入口 2', visible: false, host: 'sh.example.com' });
    const first = await newEntry({ index: -5 });
    const ids = (await admin.post<AdminEntry[]>('/api/admin/entrys/list')).data.map((e) => e._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(entry._id));
    expect((await admin.post('/api/admin/entrys/delete', { id: entry._id })).code).toBe(0);
    expect(await row('entries', entry._id)).toBeUndefined();
  });

  it('refuses to delete an entry that lines go through, and fields the screen does not offer', async () => {
    const entry = await newEntry();
    const { agent } = await newAgent();
    await admin.post('/api/admin/agent_line/update', lineInput(agent._id, { bridge: 'report', entryID: entry._id }));
    expect(await admin.post('/api/admin/entrys/delete', { id: entry._id })).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: networkTexts.entryInUse(1),
    });
    expect(
      (await admin.post('/api/admin/entrys/update', { ...entryInput({ _id: entry._id }), createdAt: '2000-01-01' }))
        .code,
    ).toBe(Codes.INVALID_PAYLOAD);
    expect(await row('entries', entry._id)).toBeDefined();
  });
});

describe('admin lines', () => {
  let agentId: string;
  beforeAll(async () => {
    agentId = (await newAgent()).agent._id;
  });

  it('refuses fixName with num > 1 with the spec’s words, and stores nothing', async () => {
    const before = (await app.database.query('SELECT id FROM lines')).length;
    const answer = await admin.post('/api/admin/agent_line/update', lineInput(agentId, { fixName: true, num: 2 }));
    expect(answer).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: adminMessages.lineFixNameRefusal });
    expect((await app.database.query('SELECT id FROM lines')).length).toBe(before);
    expect((await admin.post('/api/admin/agent_line/update', lineInput(agentId, { fixName: true, num: 1 }))).code).toBe(
      0,
    );
    expect(
      (await admin.post('/api/admin/agent_line/update', lineInput(agentId, { fixName: false, num: 3 }))).code,
    ).toBe(0);
  });

  it('keeps the entry only on report lines, which need an existing one', async () => {
    const entry = await newEntry();
    const direct = await admin.post<AdminLine>(
      '/api/admin/agent_line/update',
      lineInput(agentId, { bridge: 'none', entryID: entry._id }),
    );
    expect(direct.data.entryID).toBe('');
    expect((await row('lines', direct.data._id))!.entry_id).toBeNull();
    const cdn = await admin.post<AdminLine>(
      '/api/admin/agent_line/update',
      lineInput(agentId, { bridge: 'cf_cdn', entryID: entry._id }),
    );
    expect(cdn.data.entryID).toBe('');

    const report = await admin.post<AdminLine>(
      '/api/admin/agent_line/update',
      lineInput(agentId, { bridge: 'report', entryID: entry._id }),
    );
    expect(report.data).toMatchObject({ bridge: 'report', entryID: entry._id });
    for (const entryID of ['', 'ffffffffffffffffffffffff']) {
      const refused = await admin.post(
        '/api/admin/agent_line/update',
        lineInput(agentId, { bridge: 'report', entryID }),
      );
      expect(refused).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: networkTexts.lineEntryRequired });
    }
  });

  it('refuses an unknown node or permission', async () => {
    expect(await admin.post('/api/admin/agent_line/update', lineInput('ffffffffffffffffffffffff'))).toMatchObject({
      code: Codes.INVALID_PAYLOAD,
      msg: networkTexts.lineAgentUnknown,
    });
    expect(
      await admin.post(
        '/api/admin/agent_line/update',
        lineInput(agentId, { permissionRequire: 'ffffffffffffffffffffffff' }),
      ),
    ).toMatchObject({ code: Codes.INVALID_PAYLOAD, msg: networkTexts.linePermissionUnknown });
  });

  it('keeps the reality private key and the ss server key write-only', async () => {
    const created = await admin.post<AdminLine>(
      '/api/admin/agent_line/update',
      lineInput(agentId, {
        protocol: 'reality',
        realityPrivateKey: 'private-key-1',
        realityPublicKey: 'public-key-1',
        ssServerKey: 'ss-key-1',
      }),
    );
    expect(created.data).toMatchObject({
      realityPrivateKey: SECRET_MASK,
      ssServerKey: SECRET_MASK,
      realityPublicKey: 'public-key-1',
    });
    const id = created.data._id;
    await admin.post(
      '/api/admin/agent_line/update',
      lineInput(agentId, { _id: id, protocol: 'reality', realityPrivateKey: SECRET_MASK, ssServerKey: '' }),
    );
    expect(await row('lines', id)).toMatchObject({ reality_private_key: 'private-key-1', ss_server_key: 'ss-key-1' });
    await admin.post(
      '/api/admin/agent_line/update',
      lineInput(agentId, { _id: id, protocol: 'reality', realityPrivateKey: 'private-key-2' }),
    );
    expect(await row('lines', id)).toMatchObject({ reality_private_key: 'private-key-2', ss_server_key: 'ss-key-1' });
    const listed = (await admin.post<AdminLine[]>('/api/admin/agent_line/list')).data;
    expect(JSON.stringify(listed)).not.toContain('private-key-2');
    expect(JSON.stringify(listed)).not.toContain('ss-key-1');
  });

  it('refuses hot and other fields the screen does not offer; reset_hot sets every line’s heat to 0', async () => {
    const { data } = await admin.post<AdminLine>('/api/admin/agent_line/update', lineInput(agentId));
    await app.database.query('UPDATE lines SET hot = 5000');
    const answer = await admin.post('/api/admin/agent_line/update', {
      ...lineInput(agentId, { _id: data._id }),
      hot: 0,
    });
    expect(answer.code).toBe(Codes.INVALID_PAYLOAD);
    expect(Number((await row('lines', data._id))!.hot)).toBe(5000);
    expect((await admin.post('/api/admin/agent_line/reset_hot')).code).toBe(0);
    expect(await app.database.query('SELECT DISTINCT hot::int AS hot FROM lines')).toEqual([{ hot: 0 }]);
  });
});

describe('a saved line in the subscription', () => {
  it('shows up in the next Clash download at once, and leaves it at once when deleted or its node is disabled', async () => {
    const user = await signedInUser(app);
    await app.database.query('UPDATE users SET traffic = $1 WHERE id = $2', [10 * GiB, user.id]);
    const [{ userkey }] = (await app.database.query<{ userkey: string }>('SELECT userkey FROM users WHERE id = $1', [
      user.id,
    ])) as [{ userkey: string }];
    const proxies = async () => {
      const res = await app.inject({ method: 'GET', url: `/api/subscript/clash/${user.id}/${userkey}` });
      expect(res.statusCode).toBe(200);
      return (parse(res.body) as { proxies: Array<{ name: string; server: string }> }).proxies;
    };
    // Load the snapshot first, so that a stale copy would show.
    await proxies();
    const { agent } = await newAgent({
      host: 'fresh.example.com',
      country: { name: '新加坡', flag: '🇸🇬', code: 'SG' },
    });
    const line = await admin.post<AdminLine>(
      '/api/admin/agent_line/update',
      lineInput(agent._id, { name: '新加坡 新线路' }),
    );
    expect((await proxies()).some((p) => p.name.includes('新加坡 新线路') && p.server === 'fresh.example.com')).toBe(
      true,
    );

    await admin.post(
      '/api/admin/agent_line/update',
      lineInput(agent._id, { _id: line.data._id, name: '新加坡 改名线路' }),
    );
    const renamed = await proxies();
    expect(renamed.some((p) => p.name.includes('新加坡 改名线路'))).toBe(true);
    expect(renamed.some((p) => p.name.includes('新加坡 新线路'))).toBe(false);

    await admin.post(
      '/api/admin/agents/update',
      agentInput({ _id: agent._id, host: 'fresh.example.com', enabled: false }),
    );
    expect((await proxies()).some((p) => p.name.includes('新加坡 改名线路'))).toBe(false);
    await admin.post(
      '/api/admin/agents/update',
      agentInput({ _id: agent._id, host: 'fresh.example.com', enabled: true }),
    );
    expect((await proxies()).some((p) => p.name.includes('新加坡 改名线路'))).toBe(true);

    await admin.post('/api/admin/agent_line/delete_agent', { id: line.data._id });
    expect((await proxies()).some((p) => p.name.includes('新加坡'))).toBe(false);
  });
});

describe('records of SEED_FILE and the demo network', () => {
  it('are edited and deleted by their readable ids', async () => {
    const { applyDemoNetwork } = await import('./demo.js');
    await app.database.query('DELETE FROM agents');
    expect(await applyDemoNetwork(app.network)).toBe(true);
    const line = (await admin.post<AdminLine[]>('/api/admin/agent_line/list')).data.find(
      (l) => l._id === 'demo-line-jp-tcp',
    )!;
    const { _id, hot: _hot, ...fields } = line;
    const edited = await admin.post<AdminLine>('/api/admin/agent_line/update', {
      ...fields,
      _id,
      name: '日本 东京 改',
    });
    expect(edited).toMatchObject({ code: 0, data: { _id: 'demo-line-jp-tcp', name: '日本 东京 改' } });
    expect((await admin.post('/api/admin/agents/delete', { id: 'demo-agent-jp' })).code).toBe(0);
  });
});
