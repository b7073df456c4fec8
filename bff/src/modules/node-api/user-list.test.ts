import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { DEFAULT_DAILY_LIMIT_BYTES, GiB } from '@portal/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { serviceDay } from '../../lib/service-day.js';
import { newObjectId, randomHex } from '../../lib/random.js';
import { userCredential } from '../subscriptions/credentials.js';
import { createNodeApiRepository } from './repository.js';
import { NODE_API_PREFIX } from './routes.js';
import { createNodeApiService } from './service.js';
import { allowedUsers } from './testing/allowed-users.js';
import { createBalanceUser, createNode, nodeQuery, type TestNode } from './testing/fixtures.js';
import { statementsDuring, touchesUsers } from './testing/statements.js';
import { encodingFor, etagMatches, rulesKeyOf } from './user-list.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.database.query("INSERT INTO permissions (id, name) VALUES ('perm-ul', 'line_user_list')");
});
afterAll(async () => {
  await app?.close();
});

interface Entry {
  id: number;
  uid: string;
  uuid: string;
  password: string;
  ss_key16: string;
  ss_key32: string;
}

const pull = (node: TestNode, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${NODE_API_PREFIX}/user`, query: nodeQuery(node), headers });
const entries = (response: LightMyRequestResponse) => (response.json() as { users: Entry[] }).users;
const uids = (response: LightMyRequestResponse) => entries(response).map((u) => u.uid);
const versions = async () =>
  Object.fromEntries(
    (
      await app.database.query<{ scope: string; version: string }>(
        'SELECT scope, version::text FROM node_list_versions',
      )
    ).map((r) => [r.scope, r.version]),
  );
const push = (node: TestNode, body: Record<string, [number, number]>) =>
  app.inject({
    method: 'POST',
    url: `${NODE_API_PREFIX}/push`,
    query: nodeQuery(node),
    headers: { 'x-report-id': randomHex(8) },
    payload: body,
  });

/**
 * Pulls the node's list, checks that it is then a 304, applies `change`, and pulls with the old
 * ETag again: the answer must be a new list. Returns the uids before and after.
 */
async function acrossChange(node: TestNode, change: () => Promise<unknown>) {
  const before = await pull(node);
  expect(before.statusCode).toBe(200);
  const etag = before.headers.etag as string;
  expect((await pull(node, { 'if-none-match': etag })).statusCode).toBe(304);
  await change();
  const after = await pull(node, { 'if-none-match': etag });
  expect(after.statusCode).toBe(200);
  expect(after.headers.etag).not.toBe(etag);
  return { before: uids(before), after: uids(after), entries: entries(after) };
}

describe('stored credentials', () => {
  it('equal the derived ones for every writer: insert, key change, a direct write of the columns', async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => createBalanceUser(app, { traffic: GiB })));
    const changed = made[0]!;
    await app.database.query("UPDATE users SET userkey = 'c0ffeec0ffeec0ffeec0ffeec0ffee00' WHERE id = $1", [
      changed.id,
    ]);
    await app.database.query("UPDATE users SET cred_uuid = 'forged', cred_ss_key32 = '' WHERE id = $1", [made[1]!.id]);
    // A user id outside hex and a key with non-ASCII text: the SQL hashes the same UTF-8 bytes.
    const odd = { id: `${newObjectId().slice(0, 20)}ü😀`, userkey: 'schlüssel-🔑' };
    await app.database.query(`INSERT INTO users (id, email, password_hash, userkey) VALUES ($1, $2, 'x', $3)`, [
      odd.id,
      `odd-${randomHex(4)}@example.com`,
      odd.userkey,
    ]);
    const rows = await app.database.query<{
      id: string;
      userkey: string;
      cred_uuid: string;
      cred_ss_password: string;
      cred_ss_key16: string;
      cred_ss_key32: string;
    }>('SELECT id, userkey, cred_uuid, cred_ss_password, cred_ss_key16, cred_ss_key32 FROM users');
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const c = userCredential(row.id, row.userkey);
      expect([row.cred_uuid, row.cred_ss_password, row.cred_ss_key16, row.cred_ss_key32]).toEqual([
        c.uuid,
        c.ssPassword,
        c.ssKey16,
        c.ssKey32,
      ]);
    }
  });

  it("the migration's daily allowance is the contracts' default", () => {
    const migration = readFileSync(`${MIGRATIONS_FOLDER}/0011_node_list_versions.sql`, 'utf8');
    const numbers = migration.match(/\b\d{9,}\b/g) ?? [];
    expect(numbers.length).toBeGreaterThan(0);
    expect(new Set(numbers)).toEqual(new Set([String(DEFAULT_DAILY_LIMIT_BYTES)]));
  });
});

describe('versions, ETags and the 304 path', () => {
  it('answers an unchanged list with 304 after two small queries, none of them on users', async () => {
    const node = await createNode(app);
    await createBalanceUser(app, { traffic: GiB });
    const first = await pull(node);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const { result, statements } = await statementsDuring(() => pull(node, { 'if-none-match': etag }));
    expect(result.statusCode).toBe(304);
    expect(result.headers.etag).toBe(etag);
    // The node's authentication and its list state; nothing else.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(2);
    expect(statements.filter(touchesUsers)).toEqual([]);
  });

  it('builds a list once for ten nodes with the same lines pulling at once, and shares it', async () => {
    const nodes = await Promise.all(Array.from({ length: 10 }, () => createNode(app)));
    await createBalanceUser(app, { traffic: GiB });
    const { result, statements } = await statementsDuring(() => Promise.all(nodes.map((n) => pull(n))));
    expect(new Set(result.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(result.map((r) => r.headers.etag)).size).toBe(1);
    expect(statements.filter((s) => s.includes('string_agg'))).toHaveLength(1);
  });

  it('serves the gzip copy with its own ETag; either ETag is a 304 afterwards', async () => {
    const node = await createNode(app);
    const plain = await pull(node);
    const zipped = await pull(node, { 'accept-encoding': 'br, gzip;q=0.8' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, '-gz"'));
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect((await pull(node, { 'if-none-match': zipped.headers.etag as string })).statusCode).toBe(304);
    expect(
      (await pull(node, { 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('lists exactly the reference query with the derived credentials', async () => {
    const node = await createNode(app, { lines: [{ permissionRequire: 'perm-ul' }, { disableForAgency: true }] });
    const agency = await createBalanceUser(app, { traffic: GiB, isAgency: true });
    const holder = await createBalanceUser(app, { traffic: GiB, isAgency: true });
    await app.database.query(
      "INSERT INTO user_permissions (user_id, permission_id, expire_time) VALUES ($1, 'perm-ul', now() + interval '1 day')",
      [holder.id],
    );
    const now = new Date();
    const reference = await allowedUsers(app.db, node.agentId, serviceDay(now, app.config.serviceTimezone), now);
    const listed = entries(await pull(node));
    expect(listed.map((u) => u.uid)).toContain(holder.id);
    expect(listed.map((u) => u.uid)).not.toContain(agency.id);
    expect(listed).toEqual(
      [...reference]
        .sort((a, b) => a.nodeUid - b.nodeUid)
        .map((r) => {
          const c = userCredential(r.id, r.userkey);
          return {
            id: r.nodeUid,
            uid: r.id,
            uuid: c.uuid,
            speed_limit: 0,
            device_limit: 0,
            password: c.ssPassword,
            ss_key16: c.ssKey16,
            ss_key32: c.ssKey32,
          };
        }),
    );
  });
});

describe('every change that alters a list moves it', () => {
  it('a purchase (traffic added), a key reset, disabling, the agency flag, deletion', async () => {
    const node = await createNode(app, { lines: [{ disableForAgency: true }] });
    const user = await createBalanceUser(app, { traffic: 100, spendTraffic: 100 });
    const bought = await acrossChange(node, () =>
      app.database.query('UPDATE users SET traffic = traffic + $2 WHERE id = $1', [user.id, GiB]),
    );
    expect(bought.before).not.toContain(user.id);
    expect(bought.after).toContain(user.id);

    const reset = await acrossChange(node, () =>
      app.database.query("UPDATE users SET userkey = 'feedfacefeedfacefeedfacefeedface' WHERE id = $1", [user.id]),
    );
    expect(reset.entries.find((e) => e.uid === user.id)?.uuid).toBe(
      userCredential(user.id, 'feedfacefeedfacefeedfacefeedface').uuid,
    );

    for (const change of ['is_agency = true', 'is_agency = false, disabled = true']) {
      const moved = await acrossChange(node, () =>
        app.database.query(`UPDATE users SET ${change} WHERE id = $1`, [user.id]),
      );
      expect(moved.after).not.toContain(user.id);
      await app.database.query('UPDATE users SET is_agency = false, disabled = false WHERE id = $1', [user.id]);
    }
    const deleted = await acrossChange(node, () => app.database.query('DELETE FROM users WHERE id = $1', [user.id]));
    expect(deleted.before).toContain(user.id);
    expect(deleted.after).not.toContain(user.id);
  });

  it('the device limit: the package’s, then the operator’s over it (device_limit of each entry)', async () => {
    const node = await createNode(app);
    const user = await createBalanceUser(app, { traffic: GiB });
    const limitOf = (moved: { entries: { uid: string; device_limit?: number }[] }) =>
      moved.entries.find((e) => e.uid === user.id)?.device_limit;
    const bought = await acrossChange(node, () =>
      app.database.query('UPDATE users SET package_device_num = 3 WHERE id = $1', [user.id]),
    );
    expect(limitOf(bought)).toBe(3);
    const set = await acrossChange(node, () =>
      app.database.query('UPDATE users SET device_num = 1 WHERE id = $1', [user.id]),
    );
    expect(limitOf(set)).toBe(1);
  });

  it('traffic used up by a push, and a daily allowance used up; a charge that leaves a balance moves nothing', async () => {
    const node = await createNode(app);
    const user = await createBalanceUser(app, { traffic: 5000 });
    const timed = await createBalanceUser(app, { vipDays: 3, dailyLimit: 3000 });
    const before = await versions();
    expect((await push(node, { [user.id]: [0, 1000], [timed.id]: [0, 1000] })).statusCode).toBe(200);
    expect(await versions()).toEqual(before);
    const ranOut = await acrossChange(node, () => push(node, { [user.id]: [0, 9000] }));
    expect(ranOut.before).toContain(user.id);
    expect(ranOut.after).not.toContain(user.id);
    const dailyDone = await acrossChange(node, () => push(node, { [timed.id]: [0, 5000] }));
    expect(dailyDone.before).toContain(timed.id);
    expect(dailyDone.after).not.toContain(timed.id);
  });

  it('a permission granted and removed; line changes; a disabled agent', async () => {
    const node = await createNode(app, { lines: [{ permissionRequire: 'perm-ul' }] });
    const user = await createBalanceUser(app, { traffic: GiB });
    const granted = await acrossChange(node, () =>
      app.database.query(
        "INSERT INTO user_permissions (user_id, permission_id, expire_time) VALUES ($1, 'perm-ul', now() + interval '1 day')",
        [user.id],
      ),
    );
    expect(granted.before).not.toContain(user.id);
    expect(granted.after).toContain(user.id);
    const removed = await acrossChange(node, () =>
      app.database.query("DELETE FROM user_permissions WHERE user_id = $1 AND permission_id = 'perm-ul'", [user.id]),
    );
    expect(removed.after).not.toContain(user.id);

    const open = await acrossChange(node, () =>
      app.database.query('UPDATE lines SET permission_require = NULL WHERE agent_id = $1', [node.agentId]),
    );
    expect(open.after).toContain(user.id);
    const hidden = await acrossChange(node, () =>
      app.database.query('UPDATE lines SET public = false WHERE agent_id = $1', [node.agentId]),
    );
    expect(hidden.after).toEqual([]);

    await app.database.query('UPDATE agents SET status = false WHERE id = $1', [node.agentId]);
    expect((await pull(node)).statusCode).toBe(401);
  });

  it('an upgrade request is in the body and the ETag until the node reports its new version', async () => {
    const node = await createNode(app);
    const { etag } = (await pull(node)).headers;
    await app.database.query('UPDATE agents SET upgrade_requested_at = now() WHERE id = $1', [node.agentId]);
    const asked = await pull(node, { 'if-none-match': etag as string, 'accept-encoding': 'gzip' });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.json()).toMatchObject({ upgrade: { install_script: '' }, users: expect.any(Array) });
    expect((await pull(node, { 'if-none-match': asked.headers.etag as string })).statusCode).toBe(304);
  });
});

describe('changes by time alone (nothing is written)', () => {
  /** The node API's service on the app's database with a clock of the test's own. */
  function clocked(clock: { now: Date }) {
    return createNodeApiService({
      repo: createNodeApiRepository(app.db),
      usage: app.usage,
      settings: app.settings,
      timeZone: app.config.serviceTimezone,
      now: () => clock.now,
    });
  }
  const listedBy = (body: Buffer) => (JSON.parse(body.toString()) as { users: Entry[] }).users.map((u) => u.uid);
  const hours = (n: number) => n * 3_600_000;

  it('a time package and a permission grant running out, the service day changing', async () => {
    const node = await createNode(app, { lines: [{}, { permissionRequire: 'perm-ul' }] });
    const clock = { now: new Date() };
    const service = clocked(clock);
    const day = serviceDay(clock.now, app.config.serviceTimezone);
    const timed = await createBalanceUser(app, { vipDays: 1 });
    const granted = await createBalanceUser(app, { traffic: GiB });
    await app.database.query('UPDATE users SET normal_permission = false WHERE id = $1', [granted.id]);
    await app.database.query(
      "INSERT INTO user_permissions (user_id, permission_id, expire_time) VALUES ($1, 'perm-ul', now() + interval '2 days')",
      [granted.id],
    );
    const usedUp = await createBalanceUser(app, { vipDays: 5, dailyLimit: 10, dailyUsage: 10, timePackageDay: day });

    const first = await service.userList(node.agentId, {});
    if (first?.status !== 200) throw new Error('expected a list');
    expect(listedBy(first.body)).toEqual(expect.arrayContaining([timed.id, granted.id]));
    expect(listedBy(first.body)).not.toContain(usedUp.id);
    const written = await versions();

    const steps: Array<{ after: number; gone?: string; back?: string }> = [
      { after: hours(25), gone: timed.id },
      { after: hours(49), gone: granted.id },
    ];
    let etag = first.etag;
    for (const step of steps) {
      clock.now = new Date(Date.now() + step.after);
      expect((await service.userList(node.agentId, {}))?.status).toBe(200);
      const answer = await service.userList(node.agentId, { ifNoneMatch: etag });
      if (answer?.status !== 200) throw new Error('expected a new list');
      expect(answer.etag).not.toBe(etag);
      expect(listedBy(answer.body)).not.toContain(step.gone);
      expect(listedBy(answer.body)).toContain(usedUp.id);
      etag = answer.etag;
    }
    expect(await versions()).toEqual(written);
  });

  it('a daily allowance used up today is back on the next service day', async () => {
    const node = await createNode(app);
    const clock = { now: new Date() };
    const service = clocked(clock);
    const day = serviceDay(clock.now, app.config.serviceTimezone);
    const usedUp = await createBalanceUser(app, { vipDays: 5, dailyLimit: 10, dailyUsage: 10, timePackageDay: day });
    const today = await service.userList(node.agentId, {});
    if (today?.status !== 200) throw new Error('expected a list');
    expect(listedBy(today.body)).not.toContain(usedUp.id);
    clock.now = new Date(clock.now.getTime() + hours(24));
    const tomorrow = await service.userList(node.agentId, { ifNoneMatch: today.etag });
    if (tomorrow?.status !== 200) throw new Error('expected a new list');
    expect(listedBy(tomorrow.body)).toContain(usedUp.id);
  });
});

describe('helpers', () => {
  it('shares lists between nodes whose line rules admit the same users', () => {
    const a = rulesKeyOf([
      { dfa: false, perm: null },
      { dfa: true, perm: null },
      { dfa: false, perm: 'p' },
    ]);
    const b = rulesKeyOf([
      { dfa: false, perm: 'p' },
      { dfa: false, perm: null },
    ]);
    expect(a.key).toBe(b.key);
    expect(rulesKeyOf([{ dfa: true, perm: null }]).key).not.toBe(rulesKeyOf([{ dfa: false, perm: null }]).key);
    expect(rulesKeyOf([]).key).toBe('[]');
  });

  it('reads If-None-Match and Accept-Encoding', () => {
    expect(etagMatches('W/"abc", "def-gz"', 'def')).toBe(true);
    expect(etagMatches('"abc"', 'abd')).toBe(false);
    expect(etagMatches(undefined, 'abc')).toBe(false);
    expect(encodingFor('gzip, deflate')).toBe('gzip');
    expect(encodingFor('br')).toBe('identity');
    expect(encodingFor('gzip;q=0, br')).toBe('identity');
    expect(encodingFor(undefined)).toBe('identity');
  });
});
