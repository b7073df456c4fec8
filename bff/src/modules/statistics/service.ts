import type { BasicStatistics, DailyStatistics } from '@portal/contracts';
import { yuanOf } from '../../lib/money.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import { NO_FIGURES, type ByDay, type DayFigures, type StatisticsRepository } from './repository.js';

/** Days the screen asks for unless it says otherwise (spec-2 §9: 7). */
export const STATISTICS_DEFAULT_DAYS = 7;
/**
 * A day is rolled up only this long after it ended: a transaction that began before midnight
 * (its `paid_at` and `day` are taken then) has committed by now.
 */
export const SETTLE_MS = 10 * 60_000;
/** Settled days the job recomputes on every run, for late changes to recent days. */
export const RECENT_DAYS = 3;
/** Older rolled-up days the job re-checks per run, the longest unchecked first. */
export const SWEEP_DAYS = 14;
/** The most days computed from the records in one go (bounds a statement's work). */
const CHUNK_DAYS = 92;

export interface StatisticsDeps {
  repo: StatisticsRepository;
  timeZone: string;
  now?: () => Date;
  /** false: every day from the records, as before the roll-up (what the roll-up must equal). */
  rollUp?: boolean;
}

const average = (bytes: number, users: number) => (users > 0 ? Math.round(bytes / users) : 0);

/** Every day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Sorted days cut into ranges of consecutive days, each at most CHUNK_DAYS long. */
function rangesOf(days: string[]): Array<{ from: string; to: string }> {
  const ranges: Array<{ from: string; to: string }> = [];
  for (const day of [...new Set(days)].sort()) {
    const last = ranges.at(-1);
    if (last !== undefined && addDays(last.to, 1) === day && daysBetween(last.from, day).length <= CHUNK_DAYS) {
      last.to = day;
    } else {
      ranges.push({ from: day, to: day });
    }
  }
  return ranges;
}

/**
 * The statistics screen's figures. Days that are over come from the daily roll-up
 * (`statistics_daily`); today, and yesterday for SETTLE_MS after midnight, are computed from the
 * records. Both are the same computation (`repo.figures`), so a rolled-up day equals what the
 * records said when it was rolled up; the job below keeps that true when records change later.
 */
export function createStatisticsService({ repo, timeZone, now = () => new Date(), rollUp = true }: StatisticsDeps) {
  /** The last day the roll-up may hold at `at`. */
  const lastSettled = (at: Date) => addDays(serviceDay(new Date(at.getTime() - SETTLE_MS), timeZone), -1);

  /** Computes days from the records and stores them in the roll-up; answers what it stored. */
  async function rollUpDays(days: string[]): Promise<ByDay<DayFigures>> {
    const result: ByDay<DayFigures> = new Map();
    for (const range of rangesOf(days)) {
      const figures = await repo.figures({ ...range, timeZone });
      const rows = daysBetween(range.from, range.to).map((day): [string, DayFigures] => [
        day,
        figures.get(day) ?? NO_FIGURES,
      ]);
      await repo.saveRolledUp(rows, timeZone);
      for (const [day, row] of rows) result.set(day, row);
    }
    return result;
  }

  /** Settled days from the roll-up; any it lacks (fresh install, a gap) are rolled up now. */
  async function settledFigures(from: string, to: string): Promise<ByDay<DayFigures>> {
    const stored = await repo.rolledUp({ from, to, timeZone });
    const missing = daysBetween(from, to).filter((day) => !stored.has(day));
    if (missing.length > 0) for (const [day, row] of await rollUpDays(missing)) stored.set(day, row);
    return stored;
  }

  async function figuresOf(from: string, to: string, at: Date): Promise<ByDay<DayFigures>> {
    if (!rollUp) return repo.figures({ from, to, timeZone });
    const settled = lastSettled(at);
    if (settled < from) return repo.figures({ from, to, timeZone });
    const [past, recent] = await Promise.all([
      settledFigures(from, settled),
      repo.figures({ from: addDays(settled, 1), to, timeZone }),
    ]);
    for (const [day, row] of recent) past.set(day, row);
    return past;
  }

  return {
    async basic(num = STATISTICS_DEFAULT_DAYS): Promise<BasicStatistics> {
      const at = now();
      const to = serviceDay(at, timeZone);
      const from = addDays(to, 1 - num);
      const [figures, totals] = await Promise.all([figuresOf(from, to, at), repo.totals(at)]);
      const days = Array.from({ length: num }, (_, i) => addDays(to, -i));
      const stastic_list = days.map((day): DailyStatistics => {
        const f = figures.get(day) ?? NO_FIGURES;
        return {
          _id: day,
          day,
          signUseNum: f.signUseNum,
          payNum: f.payNum,
          income: yuanOf(f.incomeCents),
          normalUserNum: f.normalUserNum,
          normalTraffic: f.normalTraffic,
          normalAvg: average(f.normalTraffic, f.normalUserNum),
          dayUserNum: f.dayUserNum,
          dayTrafficUse: f.dayTrafficUse,
          dayAvg: average(f.dayTrafficUse, f.dayUserNum),
          lotterySpendNum: f.lotterySpendNum,
          lotterySpendTraffic: f.lotterySpendTraffic,
          lotteryRewardNum: f.lotteryRewardNum,
          lotteryRewardTraffic: f.lotteryRewardTraffic,
        };
      });
      return { stastic_list, ...totals };
    },

    /**
     * The job's run: rolls up every settled day since the first record that the roll-up lacks,
     * recomputes the last RECENT_DAYS settled days (late commits, payments and changes of the last
     * days), and re-checks the SWEEP_DAYS older days checked longest ago, so a change to any old
     * day (an operator's correction, a deleted account's records) is corrected within one sweep of
     * the table. Answers how many days it wrote.
     */
    async reconcile(): Promise<number> {
      const settled = lastSettled(now());
      const recentFrom = addDays(settled, 1 - RECENT_DAYS);
      const days = daysBetween(recentFrom, settled);
      const first = await repo.firstDay(timeZone);
      if (first !== null && first < recentFrom) {
        const stored = await repo.rolledUp({ from: first, to: settled, timeZone });
        days.push(...daysBetween(first, addDays(recentFrom, -1)).filter((day) => !stored.has(day)));
      }
      days.push(...(await repo.stalest(recentFrom, SWEEP_DAYS)));
      return (await rollUpDays(days)).size;
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
