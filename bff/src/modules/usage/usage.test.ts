import { GiB, MiB } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import { createBalanceUser, createNode, userBalance, type TestNode } from '../node-api/testing/fixtures.js';
import { chargeFor } from './service.js';
import { CONCURRENCY } from '../../../test/concurrency.js';

let app: FastifyInstance;
let node: TestNode;
const today = () => serviceDay(new Date(), 'Asia/Shanghai');

beforeAll(async () => {
  app = await buildTestApp();
  node = await createNode(app);
});
afterAll(async () => {
  await app?.close();
});

const report = (reportId: string, usages: Array<{ userId: string; upload: number; download: number }>, lineScale = 1) =>
  app.usage.recordReport({ agentId: node.agentId, reportId, lineScale, usages });

async function spendRecords(userId: string) {
  return app.database.query<{ traffic_change: string; exemption_traffic: string; all_spend: string; type: string }>(
    "SELECT traffic_change, exemption_traffic, all_spend, type FROM traffic_records WHERE user_id = $1 AND type = 'spend'",
    [userId],
  );
}

describe('charges', () => {
  it('applies the upload scale, the global scale, the line scale and the minimum', () => {
    const scales = { traffic_spend_scale: 2, upload_traffic_spend_scale: 0.5, minestTrafficSpend: 0, lineScale: 1.5 };
    expect(chargeFor({ upload: 1000, download: 2000 }, scales)).toBe((2000 + 500) * 2 * 1.5);
    expect(chargeFor({ upload: 0, download: 0 }, { ...scales, minestTrafficSpend: 1 })).toBe(0);
    expect(chargeFor({ upload: 1, download: 1 }, { ...scales, minestTrafficSpend: 1 })).toBe(MiB);
  });

  it('stays an exact integer with the largest counts and scales (capped at the largest safe integer)', () => {
    const largest = {
      traffic_spend_scale: 100,
      upload_traffic_spend_scale: 100,
      minestTrafficSpend: 0,
      lineScale: 100 * 100,
    };
    const charge = chargeFor({ upload: 2 ** 51, download: 2 ** 51 }, largest);
    expect(charge).toBe(Number.MAX_SAFE_INTEGER);
    expect(String(charge)).toMatch(/^\d+$/);
  });
});

describe('usage accounting', () => {
  it('takes permanent traffic, writes one spend record per day and the daily usage', async () => {
    const user = await createBalanceUser(app, { traffic: 10 * GiB });
    expect(await report('p-1', [{ userId: user.id, upload: 1000, download: 2000 }])).toEqual({
      duplicate: false,
      users: 1,
      charged: 3000,
    });
    await report('p-2', [{ userId: user.id, upload: 0, download: 500 }]);
    expect((await userBalance(app, user.id)).spendTraffic).toBe(3500);
    const records = await spendRecords(user.id);
    expect(records).toHaveLength(1);
    expect(Number(records[0]!.traffic_change)).toBe(-3500);
    expect(Number(records[0]!.all_spend)).toBe(3500);
    const [daily] = await app.database.query<{ upload: string; download: string; charged: string }>(
      'SELECT upload, download, charged FROM user_daily_usage WHERE user_id = $1 AND day = $2',
      [user.id, today()],
    );
    expect([Number(daily!.upload), Number(daily!.download), Number(daily!.charged)]).toEqual([1000, 2500, 3500]);
  });

  it('uses the daily allowance of an active time package first, then permanent traffic', async () => {
    const user = await createBalanceUser(app, { traffic: 10_000, vipDays: 3, dailyLimit: 1000 });
    await report('t-1', [{ userId: user.id, upload: 0, download: 3000 }]);
    const balance = await userBalance(app, user.id);
    expect(balance).toMatchObject({ dailyUsage: 1000, spendTraffic: 2000, day: today() });
    const [record] = await spendRecords(user.id);
    expect(Number(record!.traffic_change)).toBe(-3000);
    expect(Number(record!.exemption_traffic)).toBe(1000);
  });

  it('restarts the daily allowance on a new service day', async () => {
    const yesterday = addDays(today(), -1);
    const user = await createBalanceUser(app, {
      vipDays: 3,
      dailyLimit: 1000,
      dailyUsage: 1000,
      timePackageDay: yesterday,
    });
    await report('d-1', [{ userId: user.id, upload: 0, download: 400 }]);
    expect(await userBalance(app, user.id)).toMatchObject({ dailyUsage: 400, spendTraffic: 0, day: today() });
  });

  it('never takes more than the balance, and never a negative amount', async () => {
    const user = await createBalanceUser(app, { traffic: 1000 });
    await report('n-1', [{ userId: user.id, upload: 0, download: 5000 }]);
    expect((await userBalance(app, user.id)).spendTraffic).toBe(1000);
    await expect(report('n-2', [{ userId: user.id, upload: -1, download: 5 }])).rejects.toThrow();
  });

  it('applies the settings and the line scale', async () => {
    await app.settings.set({ traffic_spend_scale: 2, upload_traffic_spend_scale: 0.5 });
    try {
      const user = await createBalanceUser(app, { traffic: GiB });
      await report('s-1', [{ userId: user.id, upload: 1000, download: 1000 }], 1.5);
      expect((await userBalance(app, user.id)).spendTraffic).toBe(1500 * 2 * 1.5);
    } finally {
      await app.settings.set({ traffic_spend_scale: 1, upload_traffic_spend_scale: 1 });
    }
  });

  it(`counts the same report once, sent twice or concurrently ${CONCURRENCY}`, async () => {
    const user = await createBalanceUser(app, { traffic: GiB });
    const usages = [{ userId: user.id, upload: 10, download: 90 }];
    const results = await Promise.all(Array.from({ length: 8 }, () => report('dup-1', usages)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await report('dup-1', usages)).duplicate).toBe(true);
    expect((await userBalance(app, user.id)).spendTraffic).toBe(100);
    const [count] = await app.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM node_traffic_reports WHERE report_id = 'dup-1'",
    );
    expect(count!.n).toBe(1);
  });

  it(`never loses an increment when reports for one user run in parallel (two users, overlapping) ${CONCURRENCY}`, async () => {
    const a = await createBalanceUser(app, { traffic: GiB, vipDays: 1, dailyLimit: 5000 });
    const b = await createBalanceUser(app, { traffic: GiB });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        report(`par-${i}`, [
          { userId: a.id, upload: 100, download: 400 },
          { userId: b.id, upload: 0, download: 1000 },
        ]),
      ),
    );
    const balanceA = await userBalance(app, a.id);
    expect(balanceA.dailyUsage + balanceA.spendTraffic).toBe(20 * 500);
    expect(balanceA.dailyUsage).toBe(5000);
    expect((await userBalance(app, b.id)).spendTraffic).toBe(20 * 1000);
    const [record] = await spendRecords(b.id);
    expect(Number(record!.traffic_change)).toBe(-20_000);
  });

  it('skips unknown users', async () => {
    expect(await report('u-1', [{ userId: 'ffffffffffffffffffffffff', upload: 1, download: 1 }])).toMatchObject({
      users: 0,
    });
  });
});
