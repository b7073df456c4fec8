import type { BasicStatistics } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminApp } from '../../../test/admin.js';
import { product } from '../../../test/money.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import { createBalanceUser } from '../node-api/testing/fixtures.js';
import { createStatisticsRepository } from './repository.js';
import { createStatisticsService, RECENT_DAYS, SWEEP_DAYS } from './service.js';

const TIME_ZONE = 'Asia/Shanghai';
/** Shanghai 2026-06-16 12:00: today is 06-16, and 06-15 is the last settled day. */
const NOON = new Date('2026-06-16T04:00:00Z');
const TODAY = '2026-06-16';
const DAYS = 45;
const EMPTY_DAY = addDays(TODAY, -20);

let app: FastifyInstance;
let userIds: string[];
let comboId: string;
let serial = 0;

const service = (now: Date, options: { rollUp?: boolean; timeZone?: string } = {}) =>
  createStatisticsService({
    repo: createStatisticsRepository(app.db),
    timeZone: options.timeZone ?? TIME_ZONE,
    now: () => now,
    rollUp: options.rollUp ?? true,
  });

/** The answer from the roll-up next to the answer computed from the records alone. */
async function bothAt(now: Date, num = DAYS, timeZone = TIME_ZONE) {
  const rolled = await service(now, { timeZone }).basic(num);
  const live = await service(now, { timeZone, rollUp: false }).basic(num);
  return { rolled, live };
}

/** An instant `hours` after the start of a Shanghai service day. */
const at = (day: string, hours: number) => new Date(new Date(`${day}T00:00:00+08:00`).getTime() + hours * 3_600_000);

async function paidOrder(paidAt: Date, cents: number, payMode: 'alipay' | 'wallet') {
  serial += 1;
  const id = `rollup-o-${serial}`;
  await app.database.query(
    `INSERT INTO orders (id, user_id, combo_id, "desc", order_money_cents, status, expires_at, paid_at)
     VALUES ($1, $2, $3, 'roll-up', $4, 'paied', $5, $5)`,
    [id, userIds[0], comboId, cents, paidAt],
  );
  await app.database.query(
    `INSERT INTO trades (id, order_id, user_id, pay_mode, provider, amount_cents, status, expires_at, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'paied', $7, $7)`,
    [`rollup-t-${serial}`, id, userIds[0], payMode, payMode === 'wallet' ? 'wallet' : 'sandbox', cents, paidAt],
  );
}

async function trafficRecord(userId: string, type: string, day: string, change: number, exemption = 0) {
  await app.database.query(
    `INSERT INTO traffic_records (user_id, type, traffic_change, exemption_traffic, all_traffic, all_spend, day)
     VALUES ($1, $2, $3, $4, 0, 0, $5)`,
    [userId, type, change, exemption, day],
  );
}

/** A different mix of every kind of record on each of the 45 days up to today, but one day left empty. */
async function seed() {
  for (let i = 0; i < DAYS; i++) {
    const day = addDays(TODAY, -i);
    if (day === EMPTY_DAY) continue;
    for (let n = 0; n <= i % 3; n++) await paidOrder(at(day, 1 + n * 7), 100 * (i + 1), n === 1 ? 'wallet' : 'alipay');
    for (const userId of userIds.slice(0, 1 + (i % 3))) {
      await app.database.query('INSERT INTO sign_ins (user_id, day, streak, add_traffic) VALUES ($1, $2, 1, 0)', [
        userId,
        day,
      ]);
    }
    await trafficRecord(userIds[0]!, 'spend', day, -(1000 + i), i % 2 === 0 ? 300 : 0);
    await trafficRecord(userIds[1]!, 'spend', day, -(i * 10), 0);
    if (i % 2 === 0) await trafficRecord(userIds[2]!, 'prize_spend', day, -500);
    if (i % 3 === 0) await trafficRecord(userIds[2]!, 'prize_reward', day, 700);
  }
  // The day boundary: the last millisecond of 06-10 and the first of 06-11 in Shanghai.
  await paidOrder(new Date('2026-06-10T15:59:59.999Z'), 111, 'alipay');
  await paidOrder(new Date('2026-06-10T16:00:00.000Z'), 222, 'alipay');
}

/** Payments per day recomputed in the test from the raw rows with the test's own day cut. */
async function paymentsFromRows(timeZone: string) {
  const orders = await app.database.query<{ paid_at: Date }>("SELECT paid_at FROM orders WHERE status = 'paied'");
  const trades = await app.database.query<{ paid_at: Date; amount_cents: string; pay_mode: string }>(
    "SELECT paid_at, amount_cents, pay_mode FROM trades WHERE status = 'paied'",
  );
  const payNum = new Map<string, number>();
  const income = new Map<string, number>();
  for (const o of orders) {
    const day = serviceDay(new Date(o.paid_at), timeZone);
    payNum.set(day, (payNum.get(day) ?? 0) + 1);
  }
  for (const t of trades.filter((row) => row.pay_mode !== 'wallet')) {
    const day = serviceDay(new Date(t.paid_at), timeZone);
    income.set(day, (income.get(day) ?? 0) + Number(t.amount_cents));
  }
  return { payNum, income };
}

const rowOf = (answer: BasicStatistics, day: string) => answer.stastic_list.find((row) => row.day === day)!;
const rolledDays = async () =>
  (
    await app.database.query<{ day: string; time_zone: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, time_zone FROM statistics_daily ORDER BY day",
    )
  ).filter((row) => row.day >= addDays(TODAY, 1 - DAYS));

beforeAll(async () => {
  ({ app } = await startAdminApp());
  // The tests run the job themselves; the timer's run (with today's real date) must not interleave.
  await app.jobs.stop();
  comboId = await product(app, { name: '汇总测试' });
  userIds = [];
  for (let n = 0; n < 3; n++) userIds.push((await createBalanceUser(app)).id);
  await seed();
});
afterAll(async () => {
  await app.close();
});

describe('the daily roll-up of the statistics', () => {
  it('rolls up missing days on a read and answers exactly what the records say, empty day and day boundary included', async () => {
    expect(await rolledDays()).toEqual([]);
    const { rolled, live } = await bothAt(NOON);
    expect(rolled).toEqual(live);
    // Every settled day is stored now (06-15 back to the 45th day), the empty one too; today is not.
    const stored = await rolledDays();
    expect(stored.map((row) => row.day)).toEqual(
      Array.from({ length: DAYS - 1 }, (_, i) => addDays(TODAY, i - DAYS + 1)),
    );
    expect(stored.every((row) => row.time_zone === TIME_ZONE)).toBe(true);

    const { payNum, income } = await paymentsFromRows(TIME_ZONE);
    for (const row of rolled.stastic_list) {
      expect(row.payNum, row.day).toBe(payNum.get(row.day) ?? 0);
      expect(Math.round(row.income * 100), row.day).toBe(income.get(row.day) ?? 0);
    }
    expect(rowOf(rolled, EMPTY_DAY)).toMatchObject({
      payNum: 0,
      income: 0,
      signUseNum: 0,
      normalUserNum: 0,
      lotterySpendNum: 0,
    });
    // The boundary orders land on either side of Shanghai's midnight.
    expect(Math.round(rowOf(rolled, '2026-06-10').income * 100) % 1000).toBe(income.get('2026-06-10')! % 1000);
    expect(income.get('2026-06-10')! % 10).toBe(1);
    expect(income.get('2026-06-11')! % 10).toBe(2);
    expect(rowOf(rolled, addDays(TODAY, -3)).lotteryRewardNum).toBe(1);
    expect(rowOf(rolled, addDays(TODAY, -2)).lotterySpendNum).toBe(1);
  });

  it('the job rolls up recent changes at its next run and old ones within one sweep', async () => {
    await service(NOON).reconcile();
    const recentDay = addDays(TODAY, -2);
    const oldDay = addDays(TODAY, -30);
    const before = await service(NOON).basic(DAYS);

    // Late changes: a payment counted on a recent day, a sign-in removed and node use corrected on an old one.
    await paidOrder(at(recentDay, 5), 4321, 'alipay');
    await app.database.query('DELETE FROM sign_ins WHERE user_id = $1 AND day = $2', [userIds[0], oldDay]);
    await app.database.query(
      "UPDATE traffic_records SET traffic_change = traffic_change - 5000 WHERE type = 'spend' AND day = $1",
      [oldDay],
    );
    // Until the job runs, the read answers from the roll-up: the change is not there yet.
    const stale = await service(NOON).basic(DAYS);
    expect(stale).toEqual(before);
    const { live } = await bothAt(NOON);
    expect(rowOf(live, recentDay).payNum).toBe(rowOf(before, recentDay).payNum + 1);
    expect(rowOf(live, oldDay).signUseNum).toBe(rowOf(before, oldDay).signUseNum - 1);

    // One run: the recent days are right again.
    expect(await service(NOON).reconcile()).toBeGreaterThanOrEqual(RECENT_DAYS);
    expect(rowOf(await service(NOON).basic(DAYS), recentDay)).toEqual(rowOf(live, recentDay));
    // Enough runs to re-check every older day once: everything equals the records.
    const older = (await rolledDays()).length - RECENT_DAYS;
    for (let run = 0; run < Math.ceil(older / SWEEP_DAYS); run++) await service(NOON).reconcile();
    expect(await service(NOON).basic(DAYS)).toEqual(live);
  });

  it('a gap in the roll-up, or days cut in another time zone, are rolled up again on the next read', async () => {
    await app.database.query('DELETE FROM statistics_daily WHERE day IN ($1, $2, $3)', [
      addDays(TODAY, -1),
      addDays(TODAY, -7),
      addDays(TODAY, -8),
    ]);
    await app.database.query("UPDATE statistics_daily SET time_zone = 'UTC', pay_num = 999 WHERE day = $1", [
      '2026-06-10',
    ]);
    const { rolled, live } = await bothAt(NOON);
    expect(rolled).toEqual(live);
    expect((await rolledDays()).every((row) => row.time_zone === TIME_ZONE)).toBe(true);
    expect(await rolledDays()).toHaveLength(DAYS - 1);

    // The service's time zone changed: its days are cut anew, still equal to the records.
    const utc = await bothAt(NOON, DAYS, 'UTC');
    expect(utc.rolled).toEqual(utc.live);
    const { payNum } = await paymentsFromRows('UTC');
    expect(rowOf(utc.rolled, '2026-06-10').payNum).toBe(payNum.get('2026-06-10'));
    expect((await rolledDays()).filter((row) => row.time_zone === 'UTC')).toHaveLength(DAYS - 1);
    // Back in Shanghai time for the next tests.
    const back = await bothAt(NOON);
    expect(back.rolled).toEqual(back.live);
  });

  it('today, and yesterday until it is settled, come from the records as they change', async () => {
    // Shanghai 06-17 00:05: 06-16 ended five minutes ago and is not rolled up yet.
    const justAfterMidnight = new Date('2026-06-16T16:05:00Z');
    const first = await bothAt(justAfterMidnight, 3);
    expect(first.rolled).toEqual(first.live);
    expect((await rolledDays()).some((row) => row.day === TODAY)).toBe(false);

    await paidOrder(new Date('2026-06-16T15:59:00Z'), 500, 'alipay');
    await paidOrder(new Date('2026-06-16T16:01:00Z'), 700, 'alipay');
    await app.database.query('INSERT INTO sign_ins (user_id, day, streak, add_traffic) VALUES ($1, $2, 1, 0)', [
      userIds[2],
      TODAY,
    ]);
    const second = await bothAt(justAfterMidnight, 3);
    expect(second.rolled).toEqual(second.live);
    expect(rowOf(second.rolled, TODAY).payNum).toBe(rowOf(first.rolled, TODAY).payNum + 1);
    expect(rowOf(second.rolled, TODAY).signUseNum).toBe(rowOf(first.rolled, TODAY).signUseNum + 1);
    expect(rowOf(second.rolled, '2026-06-17').payNum).toBe(rowOf(first.rolled, '2026-06-17').payNum + 1);

    // Twenty minutes after midnight 06-16 is settled: rolled up on the read, still equal.
    const later = await bothAt(new Date('2026-06-16T16:20:00Z'), DAYS + 1);
    expect(later.rolled).toEqual(later.live);
    expect((await rolledDays()).some((row) => row.day === TODAY)).toBe(true);
  });

  it('is a background job of the app', async () => {
    expect(app.jobs.names()).toContain('statistics.rollup');
    expect(await app.jobs.runNow('statistics.rollup')).toBeGreaterThanOrEqual(RECENT_DAYS);
    const [run] = await app.database.query<{ last_ok: boolean }>(
      "SELECT last_ok FROM job_runs WHERE name = 'statistics.rollup'",
    );
    expect(run?.last_ok).toBe(true);
  });
});
