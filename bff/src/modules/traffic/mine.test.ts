import { Codes, GiB, type TrafficRecord, type TrafficRecordType } from '@portal/contracts';
import { MY_TRAFFIC_RECORDS_MAX } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp } from '../../../test/build-test-app.js';
import { addDays } from '../../lib/service-day.js';

/** /traffic_records's call: the user's own records of the last 10 service days, newest first. */

const URL_ = '/api/traffic/my_traffic_records';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(async () => {
  await app.close();
});

async function records(cookie: string, payload: Record<string, unknown> = {}): Promise<TrafficRecord[]> {
  const { result } = await call<TrafficRecord[]>(app, URL_, payload, { cookie });
  if (result.code !== 0) throw new Error(`my_traffic_records: ${result.code} ${result.msg}`);
  return result.data;
}

/** A ledger entry through the traffic service, the one writer of the ledger. */
async function credit(userId: string, type: TrafficRecordType, bytes: number, daysAgo = 0) {
  await app.db.transaction((tx) =>
    app.traffic.credit(tx, { userId, type, bytes, desc: `测试 ${type}`, day: addDays(app.traffic.today(), -daysAgo) }),
  );
}

describe('traffic/my_traffic_records', () => {
  it('answers the user’s own records of the last 10 service days (today included), the newest first', async () => {
    const alice = await signedInUser(app);
    const bob = await signedInUser(app);
    await credit(alice.id, 'buy', 10 * GiB, 10);
    await credit(alice.id, 'coupon', 2 * GiB, 9);
    await credit(alice.id, 'sign_use', 200 * 1024 * 1024);
    await credit(bob.id, 'buy', 5 * GiB);

    const mine = await records(alice.cookie);
    expect(mine.map((r) => r.type)).toEqual(['sign_use', 'coupon']);
    expect(mine[1]).toEqual({
      _id: expect.any(String),
      type: 'coupon',
      desc: '测试 coupon',
      trafficChange: 2 * GiB,
      exemptionTraffic: 0,
      allTraffic: 12 * GiB,
      allSpend: 0,
      day: addDays(app.traffic.today(), -9),
      updateTime: expect.any(String),
    });
    expect(mine[0]).toMatchObject({ trafficChange: 200 * 1024 * 1024, allTraffic: 12 * GiB + 200 * 1024 * 1024 });
    // Another user's records are never in the answer.
    expect((await records(bob.cookie)).map((r) => r.type)).toEqual(['buy']);
  });

  it("narrows to one type; '' is every type", async () => {
    const carol = await signedInUser(app);
    await credit(carol.id, 'buy', GiB);
    await credit(carol.id, 'coupon', GiB);
    await credit(carol.id, 'buy', GiB);
    expect((await records(carol.cookie, { type: 'buy' })).map((r) => r.type)).toEqual(['buy', 'buy']);
    expect(await records(carol.cookie, { type: 'push_receive' })).toEqual([]);
    expect(await records(carol.cookie, { type: '' })).toHaveLength(3);
  });

  it('shows a gift on both sides: push_spend for the sender, push_receive for the receiver', async () => {
    const sender = await signedInUser(app);
    const receiver = await signedInUser(app);
    await credit(sender.id, 'buy', 30 * GiB);
    const made = await call<{ code: string }>(app, '/api/push/create', { pushNumber: 20 }, { cookie: sender.cookie });
    expect(made.result.code).toBe(0);
    expect(
      (await call(app, '/api/push/receive', { code: made.result.data.code }, { cookie: receiver.cookie })).result.code,
    ).toBe(0);
    expect((await records(sender.cookie))[0]).toMatchObject({
      type: 'push_spend',
      trafficChange: -20 * GiB,
      allTraffic: 10 * GiB,
    });
    expect(await records(receiver.cookie)).toEqual([
      expect.objectContaining({ type: 'push_receive', trafficChange: 16 * GiB, allTraffic: 16 * GiB }),
    ]);
  });

  it(`answers ${MY_TRAFFIC_RECORDS_MAX} records at most, the newest kept`, async () => {
    const busy = await signedInUser(app);
    // Gifts sent: a type a user may have many of in a day (node usage keeps one spend record per day).
    await app.database.query(
      `INSERT INTO traffic_records (user_id, type, traffic_change, all_traffic, all_spend, day, updated_at)
       SELECT $1, 'push_spend', -g, 0, g, $2::date, now() - make_interval(secs => g) FROM generate_series(1, $3::int) AS g`,
      [busy.id, app.traffic.today(), MY_TRAFFIC_RECORDS_MAX + 5],
    );
    const bounded = await records(busy.cookie);
    expect(bounded).toHaveLength(MY_TRAFFIC_RECORDS_MAX);
    expect(bounded[0]!.trafficChange).toBe(-1);
    expect(bounded.at(-1)!.trafficChange).toBe(-MY_TRAFFIC_RECORDS_MAX);
  });

  it('refuses visitors (1002) and an unknown type or field (4001)', async () => {
    expect((await call(app, URL_, {})).result.code).toBe(Codes.SESSION_EXPIRED);
    const { cookie, id } = await signedInUser(app);
    for (const payload of [{ type: 'admin_gift' }, { type: 3 }, { uid: id }]) {
      expect((await call(app, URL_, payload, { cookie })).result.code, JSON.stringify(payload)).toBe(
        Codes.INVALID_PAYLOAD,
      );
    }
  });
});
