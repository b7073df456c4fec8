import { and, asc, eq, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { orders, signIns, statisticsDaily, trades, trafficRecords, users } from '../../db/schema.js';

/** A service-day range, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** One service day's figures as they are summed (money in cents, traffic in bytes; no averages). */
export interface DayFigures {
  payNum: number;
  incomeCents: number;
  signUseNum: number;
  normalUserNum: number;
  normalTraffic: number;
  dayUserNum: number;
  dayTrafficUse: number;
  lotterySpendNum: number;
  lotterySpendTraffic: number;
  lotteryRewardNum: number;
  lotteryRewardTraffic: number;
}

export const NO_FIGURES: Readonly<DayFigures> = Object.freeze({
  payNum: 0,
  incomeCents: 0,
  signUseNum: 0,
  normalUserNum: 0,
  normalTraffic: 0,
  dayUserNum: 0,
  dayTrafficUse: 0,
  lotterySpendNum: 0,
  lotterySpendTraffic: 0,
  lotteryRewardNum: 0,
  lotteryRewardTraffic: 0,
});

/** Per-day figures keyed by day; a day without records is absent. */
export type ByDay<T> = Map<string, T>;

const count = () => sql<number>`count(*)`.mapWith(Number);
const total = (expression: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const totalWhere = (expression: SQL | AnyPgColumn, condition: SQL) =>
  sql<number>`coalesce(sum(${expression}) filter (where ${condition}), 0)`.mapWith(Number);

/** The instant a service day starts at. */
const startOf = (day: string, timeZone: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
/** An instant's service day. */
const dayOf = (instant: AnyPgColumn, timeZone: string) =>
  sql<string>`to_char(${instant} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
/** An instant column within the range (index-friendly: compared with the range's instants). */
const within = (instant: AnyPgColumn, r: DayRange) =>
  and(gte(instant, startOf(r.from, r.timeZone)), lt(instant, sql`${startOf(r.to, r.timeZone)} + interval '1 day'`));
/** A date column within the range. */
const withinDays = (day: AnyPgColumn, r: DayRange) => and(gte(day, r.from), lte(day, r.to));
/**
 * Groups by the select's first column (the day): the time zone is a parameter, and two
 * parameters are never the same expression to PostgreSQL.
 */
const FIRST_COLUMN = sql`1`;
const dateText = (day: AnyPgColumn) => sql<string>`to_char(${day}, 'YYYY-MM-DD')`;
// Literals rather than parameters, so the planner sees them whatever plan it caches.
const PAID_ORDER = sql`${orders.status} = 'paied'`;
const PAID_TRADE = sql`${trades.status} = 'paied'`;

function byDay<T extends { day: string }>(rows: T[]): ByDay<T> {
  return new Map(rows.map((row) => [row.day, row]));
}

/** The figure columns of `statistics_daily`, by the name of the figure. */
const FIGURE_COLUMNS = {
  payNum: statisticsDaily.payNum,
  incomeCents: statisticsDaily.incomeCents,
  signUseNum: statisticsDaily.signUseNum,
  normalUserNum: statisticsDaily.normalUserNum,
  normalTraffic: statisticsDaily.normalTraffic,
  dayUserNum: statisticsDaily.dayUserNum,
  dayTrafficUse: statisticsDaily.dayTrafficUse,
  lotterySpendNum: statisticsDaily.lotterySpendNum,
  lotterySpendTraffic: statisticsDaily.lotterySpendTraffic,
  lotteryRewardNum: statisticsDaily.lotteryRewardNum,
  lotteryRewardTraffic: statisticsDaily.lotteryRewardTraffic,
} satisfies Record<keyof DayFigures, AnyPgColumn>;

/**
 * The statistics' reads: aggregates over the records themselves grouped by service day (the live
 * computation), and the daily roll-up that keeps them for days that are over.
 */
export function createStatisticsRepository(db: Db) {
  async function paidOrders(r: DayRange) {
    const day = dayOf(orders.paidAt, r.timeZone);
    const rows = await db
      .select({ day, payNum: count() })
      .from(orders)
      .where(and(PAID_ORDER, within(orders.paidAt, r)))
      .groupBy(FIRST_COLUMN);
    return byDay(rows);
  }

  /** Money that arrived through a payment channel per day (cents): paid trades but the wallet's. */
  async function income(r: DayRange) {
    const day = dayOf(trades.paidAt, r.timeZone);
    const rows = await db
      .select({ day, incomeCents: total(trades.amountCents) })
      .from(trades)
      .where(and(PAID_TRADE, ne(trades.payMode, 'wallet'), within(trades.paidAt, r)))
      .groupBy(FIRST_COLUMN);
    return byDay(rows);
  }

  async function signInCounts(r: DayRange) {
    const rows = await db
      .select({ day: dateText(signIns.day), signUseNum: count() })
      .from(signIns)
      .where(withinDays(signIns.day, r))
      .groupBy(signIns.day);
    return byDay(rows);
  }

  /**
   * Node use per day from the `spend` records (one per user and day: the part covered by a time
   * package's daily allowance is `exemptionTraffic`, the rest left the volume traffic), and the
   * lottery's draws (traffic paid: prize_spend) and prizes (traffic won: prize_reward), in one
   * pass over the day's records.
   */
  async function traffic(r: DayRange) {
    const t = trafficRecords;
    const isType = (type: string) => sql`${t.type} = ${sql.raw(`'${type}'`)}`;
    const fromVolume = sql`greatest(-${t.trafficChange} - ${t.exemptionTraffic}, 0)`;
    const spend = isType('spend');
    const rows = await db
      .select({
        day: dateText(t.day),
        normalUserNum: countWhere(sql`${spend} AND ${fromVolume} > 0`),
        normalTraffic: totalWhere(fromVolume, spend),
        dayUserNum: countWhere(sql`${spend} AND ${t.exemptionTraffic} > 0`),
        dayTrafficUse: totalWhere(t.exemptionTraffic, spend),
        lotterySpendNum: countWhere(isType('prize_spend')),
        lotterySpendTraffic: totalWhere(sql`-${t.trafficChange}`, isType('prize_spend')),
        lotteryRewardNum: countWhere(isType('prize_reward')),
        lotteryRewardTraffic: totalWhere(t.trafficChange, isType('prize_reward')),
      })
      .from(t)
      .where(and(sql`${t.type} IN ('spend', 'prize_spend', 'prize_reward')`, withinDays(t.day, r)))
      .groupBy(t.day);
    return byDay(rows);
  }

  return {
    /** Every figure of each day of the range, computed from the records; days without any are absent. */
    async figures(r: DayRange): Promise<ByDay<DayFigures>> {
      const [paid, paidIn, signed, used] = await Promise.all([paidOrders(r), income(r), signInCounts(r), traffic(r)]);
      const days = new Set([...paid.keys(), ...paidIn.keys(), ...signed.keys(), ...used.keys()]);
      const result: ByDay<DayFigures> = new Map();
      for (const day of days) {
        const { day: _u, ...use } = used.get(day) ?? { day, ...NO_FIGURES };
        result.set(day, {
          ...use,
          payNum: paid.get(day)?.payNum ?? 0,
          incomeCents: paidIn.get(day)?.incomeCents ?? 0,
          signUseNum: signed.get(day)?.signUseNum ?? 0,
        });
      }
      return result;
    },

    /** The earliest service day any record counts on, or null without records. */
    async firstDay(timeZone: string): Promise<string | null> {
      const [row] = await db
        .select({
          order: sql<
            string | null
          >`(SELECT ${dayOf(orders.paidAt, timeZone)} FROM ${orders} WHERE ${PAID_ORDER} ORDER BY ${orders.paidAt} LIMIT 1)`,
          trade: sql<
            string | null
          >`(SELECT ${dayOf(trades.paidAt, timeZone)} FROM ${trades} WHERE ${PAID_TRADE} ORDER BY ${trades.paidAt} LIMIT 1)`,
          signIn: sql<string | null>`(SELECT ${dateText(signIns.day)} FROM ${signIns} ORDER BY ${signIns.day} LIMIT 1)`,
          traffic: sql<
            string | null
          >`(SELECT ${dateText(trafficRecords.day)} FROM ${trafficRecords} ORDER BY ${trafficRecords.day} LIMIT 1)`,
        })
        .from(sql`(SELECT 1) AS one`);
      const days = Object.values(row ?? {}).filter((day): day is string => typeof day === 'string');
      return days.length === 0 ? null : days.sort()[0]!;
    },

    /** The roll-up's days of the range that were cut in `timeZone`, with their figures. */
    async rolledUp(r: DayRange): Promise<ByDay<DayFigures>> {
      const rows = await db
        .select({ day: dateText(statisticsDaily.day), ...FIGURE_COLUMNS })
        .from(statisticsDaily)
        .where(and(withinDays(statisticsDaily.day, r), eq(statisticsDaily.timeZone, r.timeZone)));
      return new Map(rows.map(({ day, ...figures }) => [day, figures]));
    },

    /** Writes (or rewrites) days of the roll-up. */
    async saveRolledUp(days: Array<[string, DayFigures]>, timeZone: string): Promise<void> {
      if (days.length === 0) return;
      const set: Record<string, SQL> = { timeZone: sql`excluded.time_zone`, computedAt: sql`excluded.computed_at` };
      for (const [key, column] of Object.entries(FIGURE_COLUMNS))
        set[key] = sql`excluded.${sql.identifier(column.name)}`;
      await db
        .insert(statisticsDaily)
        .values(days.map(([day, figures]) => ({ day, timeZone, ...figures })))
        .onConflictDoUpdate({ target: statisticsDaily.day, set });
    },

    /** Days of the roll-up before `before`, the longest unchecked first. */
    async stalest(before: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ day: dateText(statisticsDaily.day) })
        .from(statisticsDaily)
        .where(lt(statisticsDaily.day, before))
        .orderBy(asc(statisticsDaily.computedAt), asc(statisticsDaily.day))
        .limit(limit);
      return rows.map((row) => row.day);
    },

    /** Volume traffic every user still has, and the users whose time package runs at `at`. */
    async totals(at: Date) {
      const [row] = await db
        .select({
          totalRemainingTraffic: total(sql`greatest(${users.traffic} - ${users.spendTraffic}, 0)`),
          activeVipCount: sql<number>`count(*) filter (where ${users.vipExpireTime} > ${at})`.mapWith(Number),
        })
        .from(users);
      return row ?? { totalRemainingTraffic: 0, activeVipCount: 0 };
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
