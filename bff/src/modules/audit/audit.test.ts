import { Codes, type AgentSaved, type AuditEntry, type AdminEntry } from '@portal/contracts';
import { SECRET_MASK } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInput, auditOf, entryInput, lineInput, signedInAdmin, type Admin } from '../../../test/admin.js';
import { buildTestApp } from '../../../test/build-test-app.js';

let app: FastifyInstance;
let admin: Admin;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app, 'ops.lead@example.com');
});
afterAll(async () => {
  await app.close();
});

/** Everything the audit log holds, as text. */
const auditText = async () =>
  (await app.database.query<{ t: string | null }>(`SELECT string_agg(audit_log::text, ' ') AS t FROM audit_log`))[0]!
    .t ?? '';

describe('audit rows of admin writes', () => {
  it('record who, which record, the action and the fields, with every secret masked', async () => {
    const created = await admin.post<AgentSaved>(
      '/api/admin/agents/update',
      agentInput({ name: '审计节点', ssh_password: 'ssh-pass-123' }),
    );
    const { agent, secret } = created.data;
    const [row] = await auditOf(app, 'agent', agent._id);
    expect(row).toMatchObject({
      operator_id: admin.id,
      operator_email: 'ops.lead@example.com',
      record_type: 'agent',
      record_id: agent._id,
      action: 'create',
      detail: '',
      before: null,
    });
    expect(row!.after).toMatchObject({
      id: agent._id,
      name: '审计节点',
      sshPassword: SECRET_MASK,
      secretHash: SECRET_MASK,
    });

    await admin.post(
      '/api/admin/agents/update',
      agentInput({ _id: agent._id, name: '审计节点 2', ssh_password: 'ssh-pass-456' }),
    );
    await admin.post('/api/admin/agents/rotate_secret', { id: agent._id });
    await admin.post('/api/admin/agents/delete', { id: agent._id });
    const rows = await auditOf(app, 'agent', agent._id);
    expect(rows.map((r) => [r.action, r.detail])).toEqual([
      ['create', ''],
      ['update', ''],
      ['action', 'rotate_secret'],
      ['delete', ''],
    ]);
    // Updates keep only what changed; a changed secret shows as changed, never in clear.
    expect(rows[1]).toMatchObject({
      before: { name: '审计节点', sshPassword: SECRET_MASK },
      after: { name: '审计节点 2', sshPassword: SECRET_MASK },
    });
    expect(Object.keys(rows[1]!.after!).sort()).toEqual(['name', 'sshPassword']);
    expect(rows[2]).toMatchObject({ before: { secretHash: SECRET_MASK }, after: { secretHash: SECRET_MASK } });
    expect(rows[3]!.before).toMatchObject({ name: '审计节点 2' });
    expect(rows[3]!.after).toBeNull();

    const text = await auditText();
    for (const clear of ['ssh-pass-123', 'ssh-pass-456', secret!]) expect(text).not.toContain(clear);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('mask the keys of epay platforms in settings changes', async () => {
    await admin.post('/api/admin/config/set_config', {
      epay_platforms: { yi: { gateway: 'https://pay.example.com', pid: '1001', key: 'epay-key-abc' } },
    });
    const [row] = await auditOf(app, 'config', 'settings');
    expect(row).toMatchObject({
      action: 'update',
      before: { epay_platforms: {} },
      after: { epay_platforms: { yi: { gateway: 'https://pay.example.com', pid: '1001', key: SECRET_MASK } } },
    });
    expect(await auditText()).not.toContain('epay-key-abc');
  });

  it('are written in the transaction of the write: a failed audit row undoes the write', async () => {
    const count = async () => (await app.database.query('SELECT id FROM entries')).length;
    const before = await count();
    await app.database.query(`ALTER TABLE audit_log ADD CONSTRAINT audit_test_refuse CHECK (record_type <> 'entry')`);
    try {
      const answer = await admin.post('/api/admin/entrys/update', entryInput({ name: '回滚入口' }));
      expect(answer.code).toBe(Codes.INTERNAL);
      expect(await count()).toBe(before);
    } finally {
      await app.database.query('ALTER TABLE audit_log DROP CONSTRAINT audit_test_refuse');
    }
  });

  it('are not written when the write fails or is refused', async () => {
    const entry = (await admin.post<AdminEntry>('/api/admin/entrys/update', entryInput({ name: '好入口' }))).data;
    await app.database.query(`ALTER TABLE entries ADD CONSTRAINT entries_test_refuse CHECK (name <> '坏入口')`);
    try {
      const answer = await admin.post('/api/admin/entrys/update', entryInput({ _id: entry._id, name: '坏入口' }));
      expect(answer.code).toBe(Codes.INTERNAL);
    } finally {
      await app.database.query('ALTER TABLE entries DROP CONSTRAINT entries_test_refuse');
    }
    const { agent } = (await admin.post<AgentSaved>('/api/admin/agents/update', agentInput())).data;
    await admin.post('/api/admin/agent_line/update', lineInput(agent._id, { bridge: 'report', entryID: entry._id }));
    const refused = await admin.post('/api/admin/entrys/delete', { id: entry._id });
    expect(refused.code).toBe(Codes.INVALID_PAYLOAD);
    expect((await auditOf(app, 'entry', entry._id)).map((r) => r.action)).toEqual(['create']);
  });
});

describe('audit/list', () => {
  it('answers newest first, filtered by operator, record type and time, 500 rows unless asked', async () => {
    const other = await signedInAdmin(app, 'second.admin@example.com');
    await other.post('/api/admin/permissions/update', { name: 'audit_list_perm', desc: '' });
    const all = (await admin.post<AuditEntry[]>('/api/admin/audit/list', {})).data;
    expect(all.length).toBeGreaterThan(3);
    const times = all.map((e) => Date.parse(e.createTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all[0]).toMatchObject({
      operatorEmail: 'second.admin@example.com',
      recordType: 'permission',
      action: 'create',
    });

    const byOperator = (await admin.post<AuditEntry[]>('/api/admin/audit/list', { operator: 'SECOND.ADMIN' })).data;
    expect(byOperator.map((e) => e.operatorEmail)).toEqual(['second.admin@example.com']);
    // % is a letter, not a wildcard.
    expect((await admin.post<AuditEntry[]>('/api/admin/audit/list', { operator: '%' })).data).toEqual([]);
    const agents = (await admin.post<AuditEntry[]>('/api/admin/audit/list', { recordType: 'agent' })).data;
    expect(agents.length).toBeGreaterThan(0);
    expect(new Set(agents.map((e) => e.recordType))).toEqual(new Set(['agent']));

    const future = Date.now() + 60_000;
    expect((await admin.post<AuditEntry[]>('/api/admin/audit/list', { fromTimestamp: future })).data).toEqual([]);
    expect((await admin.post<AuditEntry[]>('/api/admin/audit/list', { toTimestamp: future })).data.length).toBe(
      all.length,
    );
    expect((await admin.post<AuditEntry[]>('/api/admin/audit/list', { limit: 2 })).data).toEqual(all.slice(0, 2));

    await app.database.query(
      `INSERT INTO audit_log (id, created_at, operator_id, operator_email, record_type, record_id, action)
       SELECT md5(g::text), now() - interval '1 day', 'x', 'bulk@example.com', 'bulk', g::text, 'action' FROM generate_series(1, 600) g`,
    );
    expect((await admin.post<AuditEntry[]>('/api/admin/audit/list', {})).data).toHaveLength(500);
  });
});
