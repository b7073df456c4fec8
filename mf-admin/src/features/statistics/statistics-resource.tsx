import { DEFAULT_REQUEST_COUNT, type DailyStatistics } from '@portal/contracts';
import { bytesToGB, type CallResult } from '@portal/platform';
import { column, numberColumn } from '../../engine/columns';
import { countFilter } from '../../engine/count-filter';
import type { ResourceDefinition } from '../../engine/types';
import { basicStatistics } from './api/basic-statistics';
import { StatisticsSummary, type StatisticsTotals } from './components/statistics-summary';
import { statisticsLabels as t } from './lib/labels';

/** The longest period the call takes (NumRequest). */
const MAX_DAYS = 3650;

/** The last N service days, 7 by default. */
const days = countFilter('num', t.days, DEFAULT_REQUEST_COUNT.errorsAndStats, MAX_DAYS);

interface StatisticsLookups {
  totals: StatisticsTotals;
}

/** The totals do not depend on the period: the smallest call answers them. */
async function totals(): Promise<CallResult<StatisticsTotals>> {
  const result = await basicStatistics({ num: 1 });
  const { totalRemainingTraffic = 0, activeVipCount = 0 } = result.data ?? {};
  return { ...result, data: { totalRemainingTraffic, activeVipCount } };
}

const gb = (bytes: number) => Number(bytesToGB(bytes));

/** /admin_stastic (spec-2 §2 item 10): totals, charts of the trends, and the daily table. */
export const statisticsResource: ResourceDefinition<DailyStatistics, never, StatisticsLookups> = {
  title: t.title,
  noun: t.noun,
  testId: 'statistics',
  list: async (filters) => {
    const result = await basicStatistics({ num: days.read(filters) });
    return { ...result, data: result.data?.stastic_list ?? [] };
  },
  lookups: { totals },
  defaultSort: { id: 'day', desc: true },
  describe: (row) => row.day,
  filters: [days.filter],
  summary: (rows, lookups) => <StatisticsSummary rows={rows} totals={lookups.totals} />,
  columns: [
    column('day', t.day, (row) => row.day, { sortable: true }),
    numberColumn('signUseNum', t.signUseNum, (row) => row.signUseNum),
    numberColumn('payNum', t.payNum, (row) => row.payNum),
    numberColumn('income', t.income, (row) => row.income, { cell: (row) => row.income.toFixed(2) }),
    numberColumn('normalUserNum', t.normalUserNum, (row) => row.normalUserNum),
    numberColumn('normalTraffic', t.normalTrafficG, (row) => gb(row.normalTraffic)),
    numberColumn('normalAvg', t.normalAvgG, (row) => gb(row.normalAvg)),
    numberColumn('dayUserNum', t.dayUserNum, (row) => row.dayUserNum),
    numberColumn('dayTrafficUse', t.dayTrafficG, (row) => gb(row.dayTrafficUse)),
    numberColumn('dayAvg', t.dayAvgG, (row) => gb(row.dayAvg)),
    numberColumn('lotterySpendNum', t.lotterySpendNum, (row) => row.lotterySpendNum),
    numberColumn('lotterySpendTraffic', t.lotterySpendTrafficG, (row) => gb(row.lotterySpendTraffic)),
    numberColumn('lotteryRewardNum', t.lotteryRewardNum, (row) => row.lotteryRewardNum),
    numberColumn('lotteryRewardTraffic', t.lotteryRewardTrafficG, (row) => gb(row.lotteryRewardTraffic)),
  ],
};
