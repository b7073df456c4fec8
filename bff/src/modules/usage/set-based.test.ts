import { readFileSync } from 'node:fs';
import { DEFAULT_DAILY_LIMIT_BYTES, GiB, MiB } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.js';
import { CONCURRENCY, TRULY_CONCURRENT } from '../../../test/concurrency.js';
import { MIGRATIONS_FOLDER, type Db } from '../../db/client.js';
import { newObjectId } from '../../lib/random.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import { NODE_API_PREFIX } from '../node-api/routes.js';
import { createBalanceUser, createNode, nodeQuery, userBalance, type TestNode } from '../node-api/testing/fixtures.js';
import { createUsageService, type ReportResult, type TrafficReport, type UserUsage } from './service.js';
import { createPerUserReference } from './testing/per-user-reference.js';
import { accountingRows, createTwins, seededRandom, type TwinFields, type Twins } from './testing/twins.js';

/**
 * The set-based push (usage/service.ts) against the per-user implementation it replaced
 * (testing/per-user-reference.ts): the same reports on twin users, one side each, must leave the
 * same balances, daily usage and traffic records, and answer the same.
 */

const TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;
/** Seeds of the random data sets; USAGE_SEED adds one (to replay a failure or try another). */
const SEEDS = [20_261_127, 7, ...(process.env.USAGE_SEED === undefined ? [] : [Number(process.env.USAGE_SEED)])];

let app: FastifyInstance;
let nodeA: TestNode;
let nodeB: TestNode;
/** The instant both implementations see as now. */
let clock = new Date();

beforeAll(async () => {
  app = await buildTestApp();
  [nodeA, nodeB] = [await createNode(app), await createNode(app)];
  // Scales that make the float arithmetic and the minimum matter.
  await app.settings.set({ traffic_spend_scale: 1.3, upload_traffic_spend_scale: 0.7, minestTrafficSpend: 1 });
});
afterAll(async () => {
  await app?.close();
});

const services = (db: Db = app.db) => {
  const deps = { db, settings: app.settings, timeZone: TIME_ZONE, now: () => clock };
  return { reference: createPerUserReference(deps), setBased: createUsageService(deps) };
};

/** 23:59:50 of today's service day in Asia/Shanghai (UTC+8, no daylight saving), so that ten seconds later it is tomorrow. */
function justBeforeMidnight(): Date {
  return new Date(`${serviceDay(new Date(), TIME_ZONE)}T15:59:50Z`);
}

type Random = ReturnType<typeof seededRandom>;

/** A user of every kind the accounting distinguishes: permanent traffic or none, used up or not, time packages running, expired or ending between two reports, allowances partly or fully used today or yesterday, own scales. */
function randomUser(r: Random, at: Date): TwinFields {
  const day = serviceDay(at, TIME_ZONE);
  const traffic = r.pick([0, 0, 3 * MiB, 700 * MiB, 5 * GiB, 40 * GiB]) + r.int(1000);
  const spendTraffic = r.pick([0, traffic, Math.floor(traffic * r.next())]);
  const vipExpireTime = r.pick([null, null, -DAY_MS, 3 * DAY_MS, 15_000]);
  const dailyLimit = r.pick([null, 2 * MiB, 300 * MiB, GiB + r.int(1000)]);
  const limit = dailyLimit ?? DEFAULT_DAILY_LIMIT_BYTES;
  const [dailyUsage, timePackageDay] = r.pick([
    [0, null],
    [Math.floor(limit * r.next()), day],
    [limit, day],
    [limit, addDays(day, -1)],
    [limit + 5, day],
    [Math.floor(limit * r.next()), addDays(day, -3)],
  ] as const);
  return {
    traffic,
    spendTraffic,
    vipExpireTime: vipExpireTime === null ? null : new Date(at.getTime() + vipExpireTime),
    dailyLimit,
    dailyUsage,
    timePackageDay,
    scale: r.pick([1, 1, 1, 0.5, 1.7, 3, 0.01]),
  };
}

/** Usages of some of the users (by twin index), zero, below the minimum, large; some users listed twice. */
function randomUsages(
  r: Random,
  twins: number[],
  share: number,
): Array<{ twin: number; upload: number; download: number }> {
  const bytes = () => r.pick([0, 0, 1 + r.int(500), r.int(5 * MiB), r.int(800 * MiB), r.int(6 * GiB)]);
  const out: Array<{ twin: number; upload: number; download: number }> = [];
  for (const twin of twins) {
    if (!r.chance(share)) continue;
    out.push({ twin, upload: bytes(), download: bytes() });
    if (r.chance(0.1)) out.push({ twin, upload: bytes(), download: bytes() });
  }
  return out;
}

/** The report for one side: twin indexes become that side's user ids; unknown users are the same on both sides. */
function reportFor(
  side: string[],
  node: TestNode,
  reportId: string,
  lineScale: number,
  usages: Array<{ twin: number; upload: number; download: number }>,
  unknown: string[],
): TrafficReport {
  const known: UserUsage[] = usages.map((u) => ({ userId: side[u.twin]!, upload: u.upload, download: u.download }));
  return {
    agentId: node.agentId,
    reportId,
    lineScale,
    usages: [...known, ...unknown.map((userId) => ({ userId, upload: 1000, download: 1000 }))],
  };
}

async function reportRows(node: TestNode, reportIds: string[]) {
  const rows = await app.database.query<Record<string, unknown>>(
    'SELECT report_id, users, upload, download FROM node_traffic_reports WHERE agent_id = $1 AND report_id = ANY($2::text[]) ORDER BY report_id',
    [node.agentId, reportIds],
  );
  return rows.map((row) => ({
    id: row.report_id,
    users: Number(row.users),
    upload: Number(row.upload),
    download: Number(row.download),
  }));
}

async function bothSides(twins: Twins) {
  return { a: await accountingRows(app, twins.a), b: await accountingRows(app, twins.b) };
}

describe('the set-based push charges what the per-user one did', () => {
  it.each(SEEDS)('on a random data set (seed %i): five reports across a day boundary, then replays', async (seed) => {
    const r = seededRandom(seed);
    const at0 = justBeforeMidnight();
    const twins = await createTwins(
      app,
      Array.from({ length: 60 }, () => randomUser(r, at0)),
    );
    const all = twins.a.map((_, i) => i);
    const { reference, setBased } = services();
    const plan = [
      { at: at0, lineScale: 1 },
      { at: new Date(at0.getTime() + 1000), lineScale: 0.8 },
      { at: new Date(at0.getTime() + 20_000), lineScale: 2.5 },
      { at: new Date(at0.getTime() + 21_000), lineScale: 1 },
      { at: new Date(at0.getTime() + 22_000), lineScale: 1 },
    ].map((step, i) => ({
      ...step,
      id: `seed-${seed}-${i}`,
      usages: randomUsages(r, all, 0.7),
      unknown: [newObjectId(), newObjectId()],
    }));
    expect(serviceDay(plan[2]!.at, TIME_ZONE)).toBe(addDays(serviceDay(at0, TIME_ZONE), 1));

    const results: { a: ReportResult[]; b: ReportResult[] } = { a: [], b: [] };
    for (const step of plan) {
      clock = step.at;
      results.a.push(
        await reference.recordReport(reportFor(twins.a, nodeA, step.id, step.lineScale, step.usages, step.unknown)),
      );
      results.b.push(
        await setBased.recordReport(reportFor(twins.b, nodeB, step.id, step.lineScale, step.usages, step.unknown)),
      );
    }
    expect(results.b, `seed ${seed}`).toEqual(results.a);
    const after = await bothSides(twins);
    expect(after.b, `seed ${seed}`).toEqual(after.a);
    const ids = plan.map((s) => s.id);
    expect(await reportRows(nodeB, ids)).toEqual(await reportRows(nodeA, ids));

    // The data set reaches the cases that matter (true of these seeds; a new seed may need more users).
    const used = after.a.records.filter((rec) => rec.trafficChange! < 0);
    expect(
      used.some((rec) => rec.exemption! > 0 && rec.exemption! < -rec.trafficChange!),
      'allowance then traffic',
    ).toBe(true);
    expect(
      after.a.users.some((u) => u.traffic! > 0 && u.spendTraffic === u.traffic),
      'ran out',
    ).toBe(true);
    expect(new Set(after.a.records.map((rec) => rec.day)).size, 'two service days').toBe(2);
    expect(
      after.a.daily.some((d) => d.upload === 0 && d.download === 0),
      'zero usage',
    ).toBe(true);

    // A replayed report is a duplicate and changes nothing, on either side.
    for (const step of [plan[1]!, plan[3]!]) {
      clock = new Date(step.at.getTime() + 60_000);
      expect(
        await setBased.recordReport(reportFor(twins.b, nodeB, step.id, step.lineScale, step.usages, step.unknown)),
      ).toEqual({
        duplicate: true,
        users: 0,
        charged: 0,
      });
      expect(
        (await reference.recordReport(reportFor(twins.a, nodeA, step.id, step.lineScale, step.usages, step.unknown)))
          .duplicate,
      ).toBe(true);
    }
    expect(await bothSides(twins)).toEqual(after);
  });

  it(`ends where the per-user one does when ten reports of disjoint users, then ten of overlapping ones, arrive at once ${CONCURRENCY}`, async () => {
    const r = seededRandom(99);
    clock = new Date();
    const twins = await createTwins(
      app,
      Array.from({ length: 60 }, () => randomUser(r, clock)),
    );
    const { reference, setBased } = services();
    const disjoint = Array.from({ length: 10 }, (_, i) => ({
      id: `disjoint-${i}`,
      usages: randomUsages(
        r,
        [0, 1, 2, 3, 4, 5].map((k) => i * 6 + k),
        1,
      ),
    }));
    const overlapping = Array.from({ length: 10 }, (_, i) => ({
      id: `overlap-${i}`,
      usages: randomUsages(
        r,
        Array.from({ length: 15 }, () => r.int(60)),
        1,
      ),
    }));

    for (const batch of [disjoint, overlapping]) {
      const a: ReportResult[] = [];
      for (const report of batch)
        a.push(await reference.recordReport(reportFor(twins.a, nodeA, report.id, 1, report.usages, [])));
      const b = await Promise.all(
        batch.map((report) => setBased.recordReport(reportFor(twins.b, nodeB, report.id, 1, report.usages, []))),
      );
      if (batch === disjoint) {
        expect(b).toEqual(a);
      } else {
        // Who of two reports of one user comes first decides how one charge splits between them, not the sums.
        const sum = (results: ReportResult[]) => results.reduce((s, x) => s + x.charged, 0);
        expect(sum(b)).toBe(sum(a));
        expect(b.map((x) => x.users)).toEqual(a.map((x) => x.users));
      }
      // Balances, daily usage and the day's record are sums and the balance after the last change: the same in any order.
      const rows = await bothSides(twins);
      expect(rows.b).toEqual(rows.a);
    }
  });
});

describe('the set-based push', () => {
  /** Counts the statements a service sends through `db` (each query builder or execute is one). */
  function countingDb(db: Db, counter: { statements: number }): Db {
    return new Proxy(db, {
      get(target, property) {
        if (property === 'transaction') {
          return (fn: (tx: Db) => Promise<unknown>, config?: unknown) =>
            target.transaction((tx) => fn(countingDb(tx as Db, counter)), config as never);
        }
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const bound = (value as (...args: unknown[]) => unknown).bind(target);
        if (!['select', 'insert', 'update', 'delete', 'execute'].includes(String(property))) return bound;
        return (...args: unknown[]) => {
          counter.statements += 1;
          return bound(...args);
        };
      },
    });
  }

  it('sends as many statements for 300 users as for one', async () => {
    clock = new Date();
    const counts: number[] = [];
    for (const size of [1, 300]) {
      const twins = await createTwins(
        app,
        Array.from({ length: size }, () => ({
          traffic: GiB,
          spendTraffic: 0,
          vipExpireTime: null,
          dailyLimit: null,
          dailyUsage: 0,
          timePackageDay: null,
          scale: 1,
        })),
      );
      const counter = { statements: 0 };
      const { setBased } = services(countingDb(app.db, counter));
      const result = await setBased.recordReport({
        agentId: nodeB.agentId,
        reportId: `count-${size}`,
        lineScale: 1,
        usages: twins.b.map((userId) => ({ userId, upload: 10, download: 90 })),
      });
      // 127 bytes each at these scales, raised to the minimum of 1 MiB.
      expect(result).toEqual({ duplicate: false, users: size, charged: size * MiB });
      counts.push(counter.statements);
    }
    // The report row, the row locks, one statement for every write.
    expect(counts).toEqual([3, 3]);
  });

  it.skipIf(!TRULY_CONCURRENT)(
    `lets a report of other users through while one is open, and makes a report of the same user wait ${CONCURRENCY}`,
    async () => {
      clock = new Date();
      const { setBased } = services();
      const mine = [await createBalanceUser(app, { traffic: GiB }), await createBalanceUser(app, { traffic: GiB })];
      const others = [await createBalanceUser(app, { traffic: GiB }), await createBalanceUser(app, { traffic: GiB })];
      const usages = (users: Array<{ id: string }>) =>
        users.map((u) => ({ userId: u.id, upload: 0, download: 2 * MiB }));
      const each = Math.ceil(2 * MiB * 1.3);

      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let counted!: () => void;
      const inside = new Promise<void>((resolve) => (counted = resolve));
      // A report whose transaction stays open (its locks held) until the gate opens.
      const held = app.db.transaction(async () => {
        await setBased.recordReport({ agentId: nodeA.agentId, reportId: 'held-1', lineScale: 1, usages: usages(mine) });
        counted();
        await gate;
      });
      try {
        await inside;
        const timeout = (ms: number) => new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms));
        const free = setBased.recordReport({
          agentId: nodeB.agentId,
          reportId: 'free-1',
          lineScale: 1,
          usages: usages(others),
        });
        expect(await Promise.race([free, timeout(5000)])).toEqual({ duplicate: false, users: 2, charged: 2 * each });
        const blocked = setBased.recordReport({
          agentId: nodeB.agentId,
          reportId: 'blocked-1',
          lineScale: 1,
          usages: usages([mine[1]!]),
        });
        expect(await Promise.race([blocked.then(() => 'done' as const), timeout(300)])).toBe('waiting');
        release();
        await held;
        expect(await blocked).toEqual({ duplicate: false, users: 1, charged: each });
        expect((await userBalance(app, mine[1]!.id)).spendTraffic).toBe(2 * each);
      } finally {
        release();
        await held.catch(() => {});
      }
    },
  );

  it('merges a user pushed by integer id and by 24-hex id in one body, and skips unknown ones', async () => {
    const user = await createBalanceUser(app, { traffic: 10 * GiB });
    const [row] = await app.database.query<{ node_uid: number }>('SELECT node_uid FROM users WHERE id = $1', [user.id]);
    const response = await app.inject({
      method: 'POST',
      url: `${NODE_API_PREFIX}/push`,
      query: nodeQuery(nodeB),
      headers: { 'x-report-id': 'mixed-keys-1' },
      payload: {
        [String(row!.node_uid)]: [0, 3 * MiB],
        [user.id]: [MiB, 0],
        '2147483000': [0, 5],
        '9999999999': [0, 5],
        ffffffffffffffffffffffff: [1, 1],
      },
    });
    // Upload at 0.7, everything at 1.3: (3 MiB + 0.7 MiB) × 1.3, rounded up.
    const charge = Math.ceil((3 * MiB + MiB * 0.7) * 1.3);
    expect(response.json()).toMatchObject({ data: true, duplicate: false, users: 1, charged: charge });
    expect((await userBalance(app, user.id)).spendTraffic).toBe(charge);
  });
});

describe('migration 0012', () => {
  it('merges spend records of one user and day into the newest before making them unique', async () => {
    const [kept, single] = [await createBalanceUser(app), await createBalanceUser(app)];
    const day = serviceDay(new Date(), TIME_ZONE);
    await app.database.query('DROP INDEX traffic_records_spend_user_day_uq');
    try {
      // Three records of one day (the newest by updated_at in the middle), one of another day, a purchase.
      await app.database.query(
        `INSERT INTO traffic_records (user_id, type, traffic_change, exemption_traffic, all_traffic, all_spend, day, created_at, updated_at) VALUES
           ($1, 'spend', -100, 10, 5000, 100, $3::date, '2026-01-01T01:00:00Z', '2026-01-01T02:00:00Z'),
           ($1, 'spend', -200, 0, 5000, 300, $3::date, '2026-01-01T03:00:00Z', '2026-01-01T09:00:00Z'),
           ($1, 'spend', -50, 5, 5000, 350, $3::date, '2026-01-01T04:00:00Z', '2026-01-01T05:00:00Z'),
           ($1, 'spend', -7, 0, 5000, 7, $3::date - 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
           ($1, 'buy', 1000, 0, 6000, 350, $3::date, '2026-01-01T06:00:00Z', '2026-01-01T06:00:00Z'),
           ($2, 'spend', -9, 0, 100, 9, $3::date, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
        [kept.id, single.id, day],
      );
    } finally {
      // The migration as shipped (it recreates the index).
      const migration = readFileSync(`${MIGRATIONS_FOLDER}/0012_traffic_records_spend_day_unique.sql`, 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await app.database.query(statement);
    }
    const rows = await app.database.query<Record<string, unknown>>(
      `SELECT user_id, type, day::text AS day, traffic_change, exemption_traffic, all_spend, created_at, updated_at
       FROM traffic_records WHERE user_id = ANY($1::text[]) ORDER BY user_id = $2, type, day`,
      [[kept.id, single.id], single.id],
    );
    expect(
      rows.map((r) => ({
        user: r.user_id === kept.id ? 'kept' : 'single',
        type: r.type,
        day: r.day,
        change: Number(r.traffic_change),
        exemption: Number(r.exemption_traffic),
        allSpend: Number(r.all_spend),
        createdAt: new Date(r.created_at as string).toISOString(),
        updatedAt: new Date(r.updated_at as string).toISOString(),
      })),
    ).toEqual([
      {
        user: 'kept',
        type: 'buy',
        day,
        change: 1000,
        exemption: 0,
        allSpend: 350,
        createdAt: '2026-01-01T06:00:00.000Z',
        updatedAt: '2026-01-01T06:00:00.000Z',
      },
      {
        user: 'kept',
        type: 'spend',
        day: addDays(day, -1),
        change: -7,
        exemption: 0,
        allSpend: 7,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      {
        user: 'kept',
        type: 'spend',
        day,
        change: -350,
        exemption: 15,
        allSpend: 300,
        createdAt: '2026-01-01T01:00:00.000Z',
        updatedAt: '2026-01-01T09:00:00.000Z',
      },
      {
        user: 'single',
        type: 'spend',
        day,
        change: -9,
        exemption: 0,
        allSpend: 9,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    await expect(
      app.database.query(
        `INSERT INTO traffic_records (user_id, type, traffic_change, all_traffic, all_spend, day) VALUES ($1, 'spend', -1, 0, 1, $2::date)`,
        [single.id, day],
      ),
    ).rejects.toThrow(/traffic_records_spend_user_day_uq/);
  });
});
