import { GiB } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { call } from '../../../test/api.js';
import { userCredential } from '../subscriptions/credentials.js';
import { NODE_API_PREFIX } from './routes.js';
import { createBalanceUser, createNode, nodeQuery, userBalance, type TestNode } from './testing/fixtures.js';

let app: FastifyInstance;
let node: TestNode;

beforeAll(async () => {
  app = await buildTestApp();
  node = await createNode(app);
});
afterAll(async () => {
  await app?.close();
});

const getUsers = (n: TestNode, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${NODE_API_PREFIX}/user`, query: nodeQuery(n), headers });
const userIds = async (n: TestNode) =>
  ((await getUsers(n)).json() as { users: Array<{ uid: string }> }).users.map((u) => u.uid);

describe('node authentication', () => {
  it('refuses a wrong token, an unknown node, a missing token, with plain JSON', async () => {
    const queries: Array<Record<string, string>> = [
      { node_id: node.agentId, token: 'wrong' },
      { node_id: 'agent-nope', token: node.secret },
      { node_id: node.agentId },
      {},
    ];
    for (const query of queries) {
      const response = await app.inject({ method: 'GET', url: `${NODE_API_PREFIX}/user`, query });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'node_id or token is wrong' });
    }
  });

  it("does not accept another node's secret, and accepts a bearer header", async () => {
    const other = await createNode(app);
    const crossed = await app.inject({
      method: 'GET',
      url: `${NODE_API_PREFIX}/user`,
      query: { node_id: node.agentId, token: other.secret },
    });
    expect(crossed.statusCode).toBe(401);
    const bearer = await app.inject({
      method: 'GET',
      url: `${NODE_API_PREFIX}/user`,
      query: { node_id: other.agentId },
      headers: { authorization: `Bearer ${other.secret}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('refuses a disabled agent', async () => {
    const off = await createNode(app);
    await app.database.query('UPDATE agents SET status = false WHERE id = $1', [off.agentId]);
    app.network.networkChanged();
    expect((await getUsers(off)).statusCode).toBe(401);
  });
});

describe('config and user list', () => {
  it('serves the UniProxy config with every line of the node', async () => {
    const response = await app.inject({ method: 'GET', url: `${NODE_API_PREFIX}/config`, query: nodeQuery(node) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      server_port: 10086,
      network: 'tcp',
      tls: 0,
      base_config: { push_interval: 60, pull_interval: 60 },
    });
    expect(body.lines).toHaveLength(1);
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it('lists users with allowance and their derived credential; ETag → 304; a key reset changes it', async () => {
    const user = await createBalanceUser(app, { traffic: GiB });
    const first = await getUsers(node);
    const entry = (first.json() as { users: Array<{ uid: string; uuid: string }> }).users.find(
      (u) => u.uid === user.id,
    );
    expect(entry?.uuid).toBe(userCredential(user.id, user.userkey).uuid);
    const etag = first.headers.etag as string;
    const again = await getUsers(node, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await app.database.query("UPDATE users SET userkey = 'feedfacefeedfacefeedfacefeedface' WHERE id = $1", [user.id]);
    const changed = await getUsers(node, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    const newEntry = (changed.json() as { users: Array<{ uid: string; uuid: string }> }).users.find(
      (u) => u.uid === user.id,
    );
    expect(newEntry?.uuid).toBe(userCredential(user.id, 'feedfacefeedfacefeedfacefeedface').uuid);
    expect(newEntry?.uuid).not.toBe(entry?.uuid);
  });

  it('leaves out disabled users, users without traffic or time, and those whose daily allowance is used up', async () => {
    const ok = await createBalanceUser(app, { traffic: GiB });
    const timeOnly = await createBalanceUser(app, { vipDays: 2 });
    const disabled = await createBalanceUser(app, { traffic: GiB, disabled: true });
    const empty = await createBalanceUser(app, { traffic: 100, spendTraffic: 100 });
    const expired = await createBalanceUser(app, { vipDays: -1 });
    const dailyDone = await createBalanceUser(app, {
      vipDays: 2,
      dailyLimit: 10,
      dailyUsage: 10,
      timePackageDay: app.traffic.today(),
    });
    const ids = await userIds(node);
    expect(ids).toEqual(expect.arrayContaining([ok.id, timeOnly.id]));
    for (const u of [disabled, empty, expired, dailyDone]) expect(ids).not.toContain(u.id);
  });

  it('applies line permissions and disableForAgency', async () => {
    await app.database.query("INSERT INTO permissions (id, name) VALUES ('perm-x', 'line_exclusive_x')");
    const exclusive = await createNode(app, { lines: [{ permissionRequire: 'perm-x' }] });
    const noAgency = await createNode(app, { lines: [{ disableForAgency: true }] });
    const holder = await createBalanceUser(app, { traffic: GiB });
    const lapsed = await createBalanceUser(app, { traffic: GiB });
    const agency = await createBalanceUser(app, { traffic: GiB, isAgency: true });
    await app.database.query(
      "INSERT INTO user_permissions (user_id, permission_id, expire_time) VALUES ($1, 'perm-x', now() + interval '1 day'), ($2, 'perm-x', now() - interval '1 day')",
      [holder.id, lapsed.id],
    );
    const exclusiveIds = await userIds(exclusive);
    expect(exclusiveIds).toContain(holder.id);
    expect(exclusiveIds).not.toContain(lapsed.id);
    const agencyIds = await userIds(noAgency);
    expect(agencyIds).toContain(holder.id);
    expect(agencyIds).not.toContain(agency.id);
  });
});

describe('push and status', () => {
  it('charges a push once per report id; a user who runs out leaves the list', async () => {
    const user = await createBalanceUser(app, { traffic: 5000 });
    const push = (reportId: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url: `${NODE_API_PREFIX}/push`,
        query: nodeQuery(node),
        headers: { 'x-report-id': reportId },
        payload: body as object,
      });
    const first = await push('r-1', { [user.id]: [1000, 1000] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: true, duplicate: false, charged: 2000 });
    expect((await push('r-1', { [user.id]: [1000, 1000] })).json()).toMatchObject({ duplicate: true });
    expect((await userBalance(app, user.id)).spendTraffic).toBe(2000);
    expect(await userIds(node)).toContain(user.id);
    await push('r-2', { [user.id]: [0, 9000] });
    expect((await userBalance(app, user.id)).spendTraffic).toBe(5000);
    expect(await userIds(node)).not.toContain(user.id);
  });

  it('accepts the integer ids of the user list (V2bX, XrayR) as push keys', async () => {
    const user = await createBalanceUser(app, { traffic: 10 * GiB });
    const listed = (await getUsers(node)).json() as { users: Array<{ id: number; uid: string }> };
    const entry = listed.users.find((u) => u.uid === user.id)!;
    expect(Number.isSafeInteger(entry.id)).toBe(true);
    const response = await app.inject({
      method: 'POST',
      url: `${NODE_API_PREFIX}/push`,
      query: nodeQuery(node),
      headers: { 'x-report-id': 'numeric-1' },
      payload: { [String(entry.id)]: [0, 4096], '999999999': [0, 1] },
    });
    expect(response.json()).toMatchObject({ data: true, users: 1, charged: 4096 });
    expect((await userBalance(app, user.id)).spendTraffic).toBe(4096);
  });

  it("charges only users the node's lines admit: a node cannot spend the traffic of users it does not serve", async () => {
    await app.database.query("INSERT INTO permissions (id, name) VALUES ('perm-push', 'line_exclusive_push')");
    const exclusive = await createNode(app, { lines: [{ permissionRequire: 'perm-push' }] });
    const noAgency = await createNode(app, { lines: [{ disableForAgency: true }] });
    const hidden = await createNode(app, { lines: [{ public: false }] });
    const holder = await createBalanceUser(app, { traffic: GiB });
    const justLapsed = await createBalanceUser(app, { traffic: GiB });
    const longLapsed = await createBalanceUser(app, { traffic: GiB });
    const outsider = await createBalanceUser(app, { traffic: GiB });
    const agency = await createBalanceUser(app, { traffic: GiB, isAgency: true });
    await app.database.query(
      `INSERT INTO user_permissions (user_id, permission_id, expire_time) VALUES
         ($1, 'perm-push', now() + interval '1 day'), ($2, 'perm-push', now() - interval '5 minutes'),
         ($3, 'perm-push', now() - interval '1 day')`,
      [holder.id, justLapsed.id, longLapsed.id],
    );
    const pushTo = (n: TestNode, reportId: string, ids: string[]) =>
      app.inject({
        method: 'POST',
        url: `${NODE_API_PREFIX}/push`,
        query: nodeQuery(n),
        headers: { 'x-report-id': reportId },
        payload: Object.fromEntries(ids.map((id) => [id, [0, 1000]])),
      });
    const exclusivePush = await pushTo(exclusive, 'admit-1', [holder.id, justLapsed.id, longLapsed.id, outsider.id]);
    // The holder, and a user whose grant ran out minutes ago (served until the node's next pull).
    expect(exclusivePush.json()).toMatchObject({ data: true, users: 2, charged: 2000 });
    const noAgencyPush = await pushTo(noAgency, 'admit-2', [outsider.id, agency.id]);
    expect(noAgencyPush.json()).toMatchObject({ users: 1, charged: 1000 });
    expect((await pushTo(hidden, 'admit-3', [outsider.id])).json()).toMatchObject({ users: 0, charged: 0 });
    const spent = async (id: string) => (await userBalance(app, id)).spendTraffic;
    expect(await spent(holder.id)).toBe(1000);
    expect(await spent(justLapsed.id)).toBe(1000);
    expect(await spent(longLapsed.id)).toBe(0);
    expect(await spent(outsider.id)).toBe(1000);
    expect(await spent(agency.id)).toBe(0);
  });

  it('refuses malformed pushes with a clear 400', async () => {
    for (const payload of [
      [1, 2],
      { 'not-an-id': [1, 2] },
      { aaaaaaaaaaaaaaaaaaaaaaaa: [1] },
      { aaaaaaaaaaaaaaaaaaaaaaaa: [-1, 2] },
      { aaaaaaaaaaaaaaaaaaaaaaaa: [1.5, 2] },
      // More than 1 PiB in one report: no node moves that, and twice it with scales would leave bigint.
      { aaaaaaaaaaaaaaaaaaaaaaaa: [0, 2 ** 50 + 1] },
      { aaaaaaaaaaaaaaaaaaaaaaaa: [Number.MAX_SAFE_INTEGER, 0] },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: `${NODE_API_PREFIX}/push`,
        query: nodeQuery(node),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/body must be/);
    }
    const badId = await app.inject({
      method: 'POST',
      url: `${NODE_API_PREFIX}/push`,
      query: nodeQuery(node, { report_id: 'a b' }),
      payload: {},
    });
    expect(badId.statusCode).toBe(400);
  });

  it('keeps the reported status and shows latency on the user-side node list', async () => {
    const listed = await createNode(app, { name: '状态节点', orderID: -1 });
    const status = await app.inject({
      method: 'POST',
      url: `${NODE_API_PREFIX}/status`,
      query: nodeQuery(listed),
      payload: { version: '1.2.3', load: 0.5, latency: 123.4, online_users: 7 },
    });
    expect(status.json()).toEqual({ data: true });
    const { result } = await call<
      Array<{ _id: string; name: string; speed: number | null; country: { flag: string } }>
    >(app, '/api/agent/agent_list');
    expect(result.code).toBe(0);
    const card = result.data.find((a) => a._id === listed.agentId);
    expect(card).toMatchObject({ name: '状态节点', speed: 123, country: { flag: '🇯🇵' } });
    // A node that has never reported shows no latency.
    expect(result.data.find((a) => a._id === node.agentId)?.speed).toBeNull();
    const [row] = await app.database.query<{ agent_version: string }>(
      'SELECT agent_version FROM agents WHERE id = $1',
      [listed.agentId],
    );
    expect(row!.agent_version).toBe('1.2.3');
  });
});

describe('seeded agents (SEED_FILE)', () => {
  it('creates an agent with a known secret and its lines once; the secret works on the node API', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'seed-')), 'seed.json');
    const secret = 'seeded-node-secret-0123456789';
    writeFileSync(
      file,
      JSON.stringify({
        agents: [
          {
            id: 'seed-node-1',
            name: '种子节点',
            country: { name: '日本', flag: '🇯🇵' },
            secret,
            lines: [{ id: 'seed-line-1', name: '种子线路', protocol: 'vmesh_tcp' }],
          },
        ],
      }),
    );
    const seeded = await buildTestApp({ env: { SEED_FILE: file } });
    try {
      const response = await seeded.inject({
        method: 'GET',
        url: `${NODE_API_PREFIX}/config`,
        query: { node_id: 'seed-node-1', token: secret },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().lines).toHaveLength(1);
      const [row] = await seeded.database.query<{ secret_hash: string }>(
        "SELECT secret_hash FROM agents WHERE id = 'seed-node-1'",
      );
      expect(row!.secret_hash).not.toContain(secret);
    } finally {
      await seeded.close();
    }
  });
});
