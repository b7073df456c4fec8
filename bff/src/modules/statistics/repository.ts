import { and, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { orders, signIns, trades, trafficRecords, users } from '../../db/schema.js';

/** A service-day range, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** Per-day figures keyed by day; a day without records is absent. */
export type ByDay<T> = Map<string, T>;

const count = () => sql<number>`count(*)`.mapWith(Number);
const total = (expression: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/** The instant a service day starts at. */
const startOf = (day: string, timeZone: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
/** An instant's service day. */
const dayOf = (instant: AnyPgColumn, timeZone: string) =>
  sql<string>`to_char(${instant} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
/** An instant column within the range (index-friendly: compared with the range's instants). */
const within = (instant: AnyPgColumn, r: DayRange) =>
  and(gte(instant, startOf(r.from, r.timeZone)), lt(instant, sql`${startOf(r.to, r.timeZone)} + interval '1 day'`));
/**
 * Groups by the select's first column (the day): the time zone is a parameter, and two
 * parameters are never the same expression to PostgreSQL.
 */
const FIRST_COLUMN = sql`1`;
const dateText = (day: AnyPgColumn) => sql<string>`to_char(${day}, 'YYYY-MM-DD')`;

function byDay<T extends { day: string }>(rows: T[]): ByDay<T> {
  return new Map(rows.map((row) => [row.day, row]));
}

/** The statistics' reads: aggregates over the records themselves, grouped by service day. */
export function createStatisticsRepository(db: Db) {
  return {
    /** Orders paid per day, by any means. */
    async paidOrders(r: DayRange) {
      const day = dayOf(orders.paidAt, r.timeZone);
      const rows = await db
        .select({ day, payNum: count() })
        .from(orders)
        .where(and(eq(orders.status, 'paied'), within(orders.paidAt, r)))
        .groupBy(FIRST_COLUMN);
      return byDay(rows);
    },

    /** Money that arrived through a payment channel per day (cents): paid trades but the wallet's. */
    async income(r: DayRange) {
      const day = dayOf(trades.paidAt, r.timeZone);
      const rows = await db
        .select({ day, incomeCents: total(trades.amountCents) })
        .from(trades)
        .where(and(eq(trades.status, 'paied'), ne(trades.payMode, 'wallet'), within(trades.paidAt, r)))
        .groupBy(FIRST_COLUMN);
      return byDay(rows);
    },

    async signIns(r: DayRange) {
      const day = dateText(signIns.day);
      const rows = await db
        .select({ day, signUseNum: count() })
        .from(signIns)
        .where(and(gte(signIns.day, r.from), sql`${signIns.day} <= ${r.to}`))
        .groupBy(signIns.day);
      return byDay(rows);
    },

    /**
     * Node use per day from the `spend` records (one per user and day): the part covered by a
     * time package's daily allowance is `exemptionTraffic`, the rest left the volume traffic.
     */
    async usage(r: DayRange) {
      const day = dateText(trafficRecords.day);
      const fromVolume = sql`greatest(-${trafficRecords.trafficChange} - ${trafficRecords.exemptionTraffic}, 0)`;
      const rows = await db
        .select({
          day,
          normalUserNum: sql<number>`count(*) filter (where ${fromVolume} > 0)`.mapWith(Number),
          normalTraffic: total(fromVolume),
          dayUserNum: sql<number>`count(*) filter (where ${trafficRecords.exemptionTraffic} > 0)`.mapWith(Number),
          dayTrafficUse: total(trafficRecords.exemptionTraffic),
        })
        .from(trafficRecords)
        .where(
          and(eq(trafficRecords.type, 'spend'), gte(trafficRecords.day, r.from), sql`${trafficRecords.day} <= ${r.to}`),
        )
        .groupBy(trafficRecords.day);
      return byDay(rows);
    },

    /** Lottery draws (traffic paid: prize_spend) and prizes (traffic won: prize_reward) per day. */
    async lottery(r: DayRange) {
      const day = dateText(trafficRecords.day);
      const isType = (type: string) => sql`${trafficRecords.type} = ${type}`;
      const rows = await db
        .select({
          day,
          lotterySpendNum: sql<number>`count(*) filter (where ${isType('prize_spend')})`.mapWith(Number),
          lotterySpendTraffic:
            sql<number>`coalesce(sum(-${trafficRecords.trafficChange}) filter (where ${isType('prize_spend')}), 0)`.mapWith(
              Number,
            ),
          lotteryRewardNum: sql<number>`count(*) filter (where ${isType('prize_reward')})`.mapWith(Number),
          lotteryRewardTraffic:
            sql<number>`coalesce(sum(${trafficRecords.trafficChange}) filter (where ${isType('prize_reward')}), 0)`.mapWith(
              Number,
            ),
        })
        .from(trafficRecords)
        .where(
          and(
            sql`${trafficRecords.type} IN ('prize_spend', 'prize_reward')`,
            gte(trafficRecords.day, r.from),
            sql`${trafficRecords.day} <= ${r.to}`,
          ),
        )
        .groupBy(trafficRecords.day);
      return byDay(rows);
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
