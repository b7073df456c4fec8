import { Codes, GiB, type AdminTrafficRecord, type TrafficRecordType } from '@portal/contracts';
import { TRAFFIC_RECORDS_MAX } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, type Admin } from '../../../test/admin.js';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { approveSandboxPayment, newOrder, product, shopApi } from '../../../test/money.js';
import { addDays } from '../../lib/service-day.js';
import { createBalanceUser, createNode, type TestNode } from '../node-api/testing/fixtures.js';

/**
 * /all_traffic_records's call on records written by the real writers: purchases (fulfilment),
 * node reports (usage), and the traffic service's credit for the other types.
 */

const URL_ = '/api/admin/traffic_spend/traffic_records';

let app: FastifyInstance;
let admin: Admin;
let node: TestNode;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAdmin(app);
  node = await createNode(app);
});

afterAll(async () => {
  await app.close();
});

const records = async (payload: Record<string, unknown> = {}) => {
  const { code, data, msg } = await admin.post<AdminTrafficRecord[]>(URL_, payload);
  if (code !== 0) throw new Error(`traffic_records: ${code} ${msg}`);
  return data;
};
const mine = (rows: AdminTrafficRecord[], ids: string[]) => rows.filter((r) => ids.includes(r.uid));

/** A ledger entry through the traffic service, the one writer of the ledger. */
async function credit(userId: string, type: TrafficRecordType, bytes: number, daysAgo = 0) {
  await app.db.transaction((tx) =>
    app.traffic.credit(tx, { userId, type, bytes, desc: '测试', day: addDays(app.traffic.today(), -daysAgo) }),
  );
}

/** Traffic used through a node: one spend record per user and day. */
async function use(userId: string, bytes: number) {
  await app.usage.recordReport({
    agentId: node.agentId,
    reportId: `r-${userId}-${bytes}`,
    lineScale: 1,
    usages: [{ userId, upload: 0, download: bytes }],
  });
}

describe('traffic_records', () => {
  const users: string[] = [];
  let buyerId: string;
  let buyerEmail: string;

  beforeAll(async () => {
    // A purchase through the real order and payment path writes a 'buy' record.
    const pack = await product(app, { name: '5G 流量包', price: 5, traffic: 5 * GiB });
    const buyer = await signedInUser(app);
    buyerId = buyer.id;
    buyerEmail = buyer.email;
    users.push(buyer.id);
    const order = await newOrder(app, buyer.cookie, pack);
    const { data } = await shopApi(app, buyer.cookie).dobuy(order._id);
    await approveSandboxPayment(app, data.payurl!);

    // Three users spend different amounts today; the buyer spends too.
    for (const traffic of [1, 2, 3]) {
      const { id } = await createBalanceUser(app, { traffic: traffic * GiB });
      users.push(id);
    }
    await use(users[1]!, 300_000);
    await use(users[2]!, 900_000);
    await use(users[3]!, 100_000);
    await use(buyerId, 500_000);

    // Older records: yesterday is inside the default two days, three days ago is not.
    await credit(users[1]!, 'coupon', 1 * GiB, 1);
    await credit(users[2]!, 'coupon', 2 * GiB, 3);
    await credit(users[3]!, 'sign_use', 300 * 1024 * 1024);
  });

  it('spend records: the largest spend first, with the columns of the admin view', async () => {
    const spend = mine(await records({ type: 'spend' }), users);
    expect(spend.map((r) => r.trafficChange)).toEqual([-900_000, -500_000, -300_000, -100_000]);
    expect(spend.map((r) => r.uid)).toEqual([users[2], buyerId, users[1], users[3]]);
    expect(spend[1]).toEqual({
      _id: expect.any(String),
      uid: buyerId,
      email: buyerEmail,
      day: app.traffic.today(),
      type: 'spend',
      trafficChange: -500_000,
      allSpend: 500_000,
      // Traffic is what the user has had; the remaining traffic is allTraffic - allSpend.
      allTraffic: 5 * GiB,
      updateTime: expect.any(String),
    });
  });

  it('other types newest first; no type is every type, newest first', async () => {
    const all = mine(await records(), users);
    expect(all.map((r) => r.type).sort()).toEqual(['buy', 'coupon', 'sign_use', 'spend', 'spend', 'spend', 'spend']);
    // Newest first by creation: the sign-in was recorded last, the purchase first.
    expect(all[0]).toMatchObject({ type: 'sign_use', uid: users[3] });
    expect(all.at(-1)).toMatchObject({ type: 'buy', uid: buyerId, trafficChange: 5 * GiB });

    expect(mine(await records({ type: 'buy' }), users)).toEqual([
      expect.objectContaining({ uid: buyerId, type: 'buy', trafficChange: 5 * GiB, allTraffic: 5 * GiB, allSpend: 0 }),
    ]);
    expect(mine(await records({ type: '' }), users)).toHaveLength(7);
  });

  it('day_num counts service days back, today included (2 by default)', async () => {
    const coupons = async (payload: Record<string, unknown>) =>
      mine(await records({ type: 'coupon', ...payload }), users).map((r) => r.day);
    const today = app.traffic.today();
    expect(await coupons({})).toEqual([addDays(today, -1)]);
    expect(await coupons({ day_num: 1 })).toEqual([]);
    // Newest first: the record of three days ago was written after yesterday's.
    expect(await coupons({ day_num: 4 })).toEqual([addDays(today, -3), addDays(today, -1)]);
  });

  it(`answers ${TRAFFIC_RECORDS_MAX} records at most, the largest spends kept`, async () => {
    const before = (await records({ type: 'spend' })).length;
    // Many users' spend records of one day (one per user and day), written in two statements (the
    // bound is what is tested); the users' ids start with f0, which no ObjectId of today does.
    const extra = TRAFFIC_RECORDS_MAX + 5 - before;
    await app.database.query(
      `INSERT INTO users (id, email, password_hash, userkey)
       SELECT 'f0' || lpad(to_hex(g), 22, '0'), 'bulk-' || g || '@example.com', 'x', md5('bulk-' || g) FROM generate_series(1, $1::int) AS g`,
      [extra],
    );
    await app.database.query(
      `INSERT INTO traffic_records (user_id, type, traffic_change, all_traffic, all_spend, day)
       SELECT 'f0' || lpad(to_hex(g), 22, '0'), 'spend', -g, 0, g, $1::date FROM generate_series(1, $2::int) AS g`,
      [app.traffic.today(), extra],
    );
    const bounded = await records({ type: 'spend' });
    expect(bounded).toHaveLength(TRAFFIC_RECORDS_MAX);
    expect(bounded[0]!.trafficChange).toBe(-900_000);
    // Cut in the list's order: only the smallest spends are left out.
    expect(bounded.at(-1)!.trafficChange).toBe(-6);
  });

  it('refuses an unknown type, day counts out of range and unknown fields (4001)', async () => {
    for (const payload of [
      { type: 'admin_gift' },
      { type: 'spend', day_num: 0 },
      { day_num: 32 },
      { day_num: 1.5 },
      { type: 'spend', uid: buyerId },
    ]) {
      expect((await admin.post(URL_, payload)).code, JSON.stringify(payload)).toBe(Codes.INVALID_PAYLOAD);
    }
  });

  it('refuses anonymous (1002), normal, channel and yunying callers (4003) and tells them nothing', async () => {
    expect((await call(app, URL_, { type: 'spend' })).result.code).toBe(Codes.SESSION_EXPIRED);
    for (const type of ['normal', 'channel', 'yunying'] as const) {
      const { cookie } = await signedInUser(app, { type });
      const { result } = await call(app, URL_, { type: 'spend' }, { cookie });
      expect(result.code, type).toBe(Codes.FORBIDDEN);
      expect(JSON.stringify(result)).not.toContain(buyerEmail);
    }
  });
});
