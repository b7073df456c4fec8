// Issue 23: the data set of `npm run bench:scale` (bff/bench/scale/generate.mjs) keeps loading into
// the schema of the current migrations, whatever they add: here at a tiny scale, with its row
// counts and the invariants the BFF keeps (wallets equal their ledgers, coupon counters equal
// their live uses, nothing negative), every index and foreign key back after the load, and about
// 78 % of the users allowed on a node. On both databases: PGlite runs the same SQL, and a
// migration that breaks the generator on either should be seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, scaleCounts } from '../bench/scale/generate.mjs';
import { createTestDatabase, type TestDatabase } from './build-test-app.js';

const USERS = 200;

describe('the bench:scale data set', () => {
  let database: TestDatabase;
  const count = async (sql: string) => Number((await database.query<{ n: number }>(sql))[0]!.n);
  const catalogue = async () => ({
    indexes: await count(`SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'public'`),
    foreignKeys: await count(
      `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
    ),
  });
  let before: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    before = await catalogue();
    await generate((text) => database.query(text), { users: USERS });
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('loads every table in proportion', async () => {
    const n = scaleCounts(USERS);
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@bench.example'`)).toBe(USERS);
    expect(await count('SELECT count(*)::int AS n FROM agents')).toBe(n.agents);
    expect(await count('SELECT count(*)::int AS n FROM lines')).toBe(n.lines);
    expect(await count('SELECT count(*)::int AS n FROM orders')).toBe(n.orders);
    expect(await count('SELECT count(*)::int AS n FROM trades')).toBe(n.orders);
    expect(await count('SELECT count(*)::int AS n FROM coupons')).toBe(n.coupons);
    expect(await count('SELECT count(*)::int AS n FROM coupon_uses')).toBe(n.couponUses);
    expect(await count('SELECT count(*)::int AS n FROM traffic_records')).toBe(n.trafficRecords);
    expect(await count('SELECT count(*)::int AS n FROM user_daily_usage')).toBe(n.dailyUsage);
    expect(await count('SELECT count(*)::int AS n FROM sign_ins')).toBe(n.signIns);
    expect(await count('SELECT count(*)::int AS n FROM node_traffic_reports')).toBe(n.nodeReports);
    expect(await count('SELECT count(*)::int AS n FROM tickets')).toBe(n.tickets);
    expect(await count('SELECT count(*)::int AS n FROM audit_log')).toBe(n.audit);
    expect(await count('SELECT count(*)::int AS n FROM wallet_ledger')).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM channel_rewards')).toBeGreaterThan(0);
  });

  it('keeps the invariants of the BFF', async () => {
    expect(
      await count(`SELECT count(*)::int AS n FROM users u
                   WHERE u.wallet_money <> coalesce((SELECT sum(amount_cents) FROM wallet_ledger l WHERE l.user_id = u.id), 0)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM coupons c
                   WHERE c.auth_times <> (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND NOT u.is_deleted)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM users WHERE wallet_money < 0 OR traffic < 0 OR spend_traffic < 0`),
    ).toBe(0);
    // One spend record a user and day, matching the daily usage.
    expect(
      await count(`SELECT count(*)::int AS n FROM (SELECT user_id, day FROM traffic_records WHERE type = 'spend'
                   GROUP BY 1, 2 HAVING count(*) > 1) d`),
    ).toBe(0);
  });

  it('puts back every index and foreign key it dropped', async () => {
    expect(await catalogue()).toEqual(before);
  });

  it('allows about 78 % of the users on a node', async () => {
    const allowed = await count(`SELECT count(*)::int AS n FROM users
      WHERE email LIKE '%@bench.example' AND NOT disabled AND normal_permission
        AND (traffic > spend_traffic OR (vip_expire_time > now() AND (time_package_day IS DISTINCT FROM (now() AT TIME ZONE 'Asia/Shanghai')::date
             OR daily_time_package_usage < coalesce(daily_limit, 53687091200))))`);
    expect(allowed / USERS).toBeGreaterThan(0.65);
    expect(allowed / USERS).toBeLessThan(0.9);
  });
});
