import type { BasicStatistics, DailyStatistics } from '@portal/contracts';
import { yuanOf } from '../../lib/money.js';
import { addDays, serviceDay } from '../../lib/service-day.js';
import type { StatisticsRepository } from './repository.js';

/** Days the screen asks for unless it says otherwise (spec-2 §9: 7). */
export const STATISTICS_DEFAULT_DAYS = 7;

export interface StatisticsDeps {
  repo: StatisticsRepository;
  timeZone: string;
  now?: () => Date;
}

const average = (bytes: number, users: number) => (users > 0 ? Math.round(bytes / users) : 0);

/** The statistics screen's figures, computed from the records on each call. */
export function createStatisticsService({ repo, timeZone, now = () => new Date() }: StatisticsDeps) {
  return {
    async basic(num = STATISTICS_DEFAULT_DAYS): Promise<BasicStatistics> {
      const at = now();
      const to = serviceDay(at, timeZone);
      const range = { from: addDays(to, 1 - num), to, timeZone };
      const [paid, income, signIns, usage, lottery, totals] = await Promise.all([
        repo.paidOrders(range),
        repo.income(range),
        repo.signIns(range),
        repo.usage(range),
        repo.lottery(range),
        repo.totals(at),
      ]);
      const days = Array.from({ length: num }, (_, i) => addDays(to, -i));
      const stastic_list = days.map((day): DailyStatistics => {
        const use = usage.get(day);
        const normalUserNum = use?.normalUserNum ?? 0;
        const normalTraffic = use?.normalTraffic ?? 0;
        const dayUserNum = use?.dayUserNum ?? 0;
        const dayTrafficUse = use?.dayTrafficUse ?? 0;
        const draws = lottery.get(day);
        return {
          _id: day,
          day,
          signUseNum: signIns.get(day)?.signUseNum ?? 0,
          payNum: paid.get(day)?.payNum ?? 0,
          income: yuanOf(income.get(day)?.incomeCents ?? 0),
          normalUserNum,
          normalTraffic,
          normalAvg: average(normalTraffic, normalUserNum),
          dayUserNum,
          dayTrafficUse,
          dayAvg: average(dayTrafficUse, dayUserNum),
          lotterySpendNum: draws?.lotterySpendNum ?? 0,
          lotterySpendTraffic: draws?.lotterySpendTraffic ?? 0,
          lotteryRewardNum: draws?.lotteryRewardNum ?? 0,
          lotteryRewardTraffic: draws?.lotteryRewardTraffic ?? 0,
        };
      });
      return { stastic_list, ...totals };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
