// Growth is bounded (issue 23): the pruning job deletes log rows past their retention, in bounded
// batches, and keeps what is recent; a push replayed within the retention still counts once.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { NODE_API_PREFIX } from '../node-api/routes.js';
import { createBalanceUser, createNode, nodeQuery, type TestNode } from '../node-api/testing/fixtures.js';
import { pruneTable, retentionRules } from './prune.js';

let app: FastifyInstance;
let node: TestNode;

beforeAll(async () => {
  app = await buildTestApp({
    env: { RETENTION_NODE_REPORT_DAYS: '3', RETENTION_ERROR_LOG_DAYS: '10', RETENTION_MAIL_OUTBOX_DAYS: '5' },
  });
  await app.jobs.stop();
  node = await createNode(app);
});

afterAll(async () => {
  await app.close();
});

const count = async (table: string, where = 'true') =>
  Number((await app.database.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`))[0]!.n);

const push = (reportId: string, body: object) =>
  app.inject({
    method: 'POST',
    url: `${NODE_API_PREFIX}/push`,
    query: nodeQuery(node),
    headers: { 'x-report-id': reportId },
    payload: body,
  });

describe('retention.prune', () => {
  it('deletes old log rows of every pruned table and keeps recent ones and records', async () => {
    const user = await createBalanceUser(app);
    const q = (text: string, params: unknown[] = []) => app.database.query(text, params);
    await q(
      `INSERT INTO node_traffic_reports (agent_id, report_id, received_at) VALUES
         ($1, 'old-report', now() - interval '4 days'), ($1, 'new-report', now() - interval '2 days')`,
      [node.agentId],
    );
    await q(
      `INSERT INTO error_log (id, created_at, name, msg) VALUES ('e-old', now() - interval '11 days', 'E', 'old'), ('e-new', now() - interval '9 days', 'E', 'new')`,
    );
    await q(
      `INSERT INTO mail_outbox ("to", subject, text, created_at) VALUES ('old@x', 'old', 't', now() - interval '6 days'), ('new@x', 'new', 't', now() - interval '4 days')`,
    );
    await q(
      `INSERT INTO sessions (id, user_id, expires_at) VALUES ('s-old', $1, now() - interval '1 minute'), ('s-live', $1, now() + interval '1 day')`,
      [user.id],
    );
    await q(
      `INSERT INTO email_tokens (id, user_id, purpose, key_hash, expires_at) VALUES
         ('t-old', $1, 'signup_confirm', 'h', now() - interval '2 days'), ('t-new', $1, 'signup_confirm', 'h', now() - interval '1 hour')`,
      [user.id],
    );
    await q(
      `INSERT INTO rate_limits (key, points, expire) VALUES ('r-old', 1, now() - interval '2 hours'), ('r-new', 1, now() - interval '10 minutes')`,
    );
    await q(
      `INSERT INTO job_runs (name, owner, last_run_at, last_ok) VALUES
         ('gone.job', 'x', now() - interval '31 days', true), ('orders.expire', 'x', now() - interval '31 days', true)
       ON CONFLICT (name) DO UPDATE SET last_run_at = excluded.last_run_at`,
    );
    await q(
      `INSERT INTO subscription_fetches (id, user_id, at, kind) VALUES
         ('f-old', $1, now() - interval '31 days', 'mjclash'), ('f-new', $1, now() - interval '29 days', 'mjclash')`,
      [user.id],
    );
    // Records a user or operator relies on are never pruned, however old.
    await q(
      `INSERT INTO audit_log (id, created_at, operator_id, operator_email, record_type, record_id, action) VALUES ('a-old', now() - interval '3000 days', 'o', 'o@x', 'user', 'u', 'update')`,
    );

    const deleted = (await app.jobs.runNow('retention.prune')) as Record<string, number>;
    expect(deleted).toMatchObject({
      node_traffic_reports: 1,
      error_log: 1,
      mail_outbox: 1,
      sessions: 1,
      email_tokens: 1,
      rate_limits: 1,
      job_runs: 1,
      subscription_fetches: 1,
    });

    expect(await count('node_traffic_reports', `report_id IN ('old-report', 'new-report')`)).toBe(1);
    expect(await count('node_traffic_reports', `report_id = 'new-report'`)).toBe(1);
    expect(await count('error_log', `id IN ('e-old', 'e-new')`)).toBe(1);
    expect(await count('error_log', `id = 'e-new'`)).toBe(1);
    expect(await count('mail_outbox', `"to" IN ('old@x', 'new@x')`)).toBe(1);
    expect(await count('mail_outbox', `"to" = 'new@x'`)).toBe(1);
    expect(await count('sessions', `id IN ('s-old', 's-live')`)).toBe(1);
    expect(await count('sessions', `id = 's-live'`)).toBe(1);
    expect(await count('email_tokens', `id = 't-new'`)).toBe(1);
    expect(await count('email_tokens', `id = 't-old'`)).toBe(0);
    expect(await count('rate_limits', `key = 'r-new'`)).toBe(1);
    expect(await count('rate_limits', `key = 'r-old'`)).toBe(0);
    // A defined job's heartbeat stays however old (the stall check reads it); a removed job's goes.
    expect(await count('job_runs', `name = 'orders.expire'`)).toBe(1);
    expect(await count('job_runs', `name = 'gone.job'`)).toBe(0);
    expect(await count('subscription_fetches', `id = 'f-new'`)).toBe(1);
    expect(await count('subscription_fetches', `id = 'f-old'`)).toBe(0);
    expect(await count('audit_log', `id = 'a-old'`)).toBe(1);

    // A second run finds nothing more: the job is idempotent.
    expect(await app.jobs.runNow('retention.prune')).toEqual({});
  });

  it('deletes a backlog in batches of bounded size, each its own statement', async () => {
    await app.database.query(
      `INSERT INTO error_log (id, created_at, name, msg) SELECT 'b-' || i, now() - interval '20 days', 'E', 'backlog' FROM generate_series(1, 25) i`,
    );
    const rule = retentionRules(app.config.retention, app.jobs.names()).find((r) => r.table === 'error_log')!;
    // Two batches of 10 at most in this run: 20 go, 5 wait for the next.
    expect(await pruneTable(app.db, rule, { batchRows: 10, maxBatches: 2 })).toBe(20);
    expect(await count('error_log', `msg = 'backlog'`)).toBe(5);
    expect(await pruneTable(app.db, rule, { batchRows: 10 })).toBe(5);
    expect(await count('error_log', `msg = 'backlog'`)).toBe(0);
  });

  it('keeps a push a duplicate within the retention, and forgets reports older than it', async () => {
    const user = await createBalanceUser(app, { traffic: 100_000 });
    expect((await push('keep-1', { [user.id]: [100, 100] })).json()).toMatchObject({ duplicate: false, charged: 200 });
    expect((await push('stale-1', { [user.id]: [100, 100] })).json()).toMatchObject({ duplicate: false, charged: 200 });
    // Received two days ago (within the 3 days kept) and four days ago (beyond).
    await app.database.query(
      `UPDATE node_traffic_reports SET received_at = now() - interval '2 days' WHERE agent_id = $1 AND report_id = 'keep-1'`,
      [node.agentId],
    );
    await app.database.query(
      `UPDATE node_traffic_reports SET received_at = now() - interval '4 days' WHERE agent_id = $1 AND report_id = 'stale-1'`,
      [node.agentId],
    );

    await app.jobs.runNow('retention.prune');

    expect(await count('node_traffic_reports', `agent_id = '${node.agentId}' AND report_id = 'keep-1'`)).toBe(1);
    expect(await count('node_traffic_reports', `agent_id = '${node.agentId}' AND report_id = 'stale-1'`)).toBe(0);
    const replay = await push('keep-1', { [user.id]: [100, 100] });
    expect(replay.json()).toMatchObject({ duplicate: true });
    const [balance] = await app.database.query<{ spend: unknown }>(
      'SELECT spend_traffic AS spend FROM users WHERE id = $1',
      [user.id],
    );
    expect(Number(balance!.spend)).toBe(400);
  });
});
