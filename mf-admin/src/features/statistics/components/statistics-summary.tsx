import { lazy, Suspense } from 'react';
import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import type { BasicStatistics, DailyStatistics } from '@portal/contracts';
import { bytesToTB } from '@portal/platform';
import { Figure } from '../../../engine/components/figure';
import { statisticsLabels as t } from '../lib/labels';

const StatisticsCharts = lazy(() => import('./statistics-charts'));

export type StatisticsTotals = Pick<BasicStatistics, 'totalRemainingTraffic' | 'activeVipCount'>;

/** Above the daily table: the totals (remaining traffic in TB, active VIP users) and the charts. */
export function StatisticsSummary({ rows, totals }: { rows: readonly DailyStatistics[]; totals: StatisticsTotals }) {
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Figure label={t.remaining} value={`${bytesToTB(totals.totalRemainingTraffic)} TB`} testId="stat-remaining" />
        <Figure label={t.activeVip} value={String(totals.activeVipCount)} testId="stat-active-vip" />
      </SimpleGrid>
      <Suspense fallback={<Skeleton h="280px" borderRadius="l2" role="status" aria-label={t.chartsLoading} />}>
        <StatisticsCharts rows={rows} />
      </Suspense>
    </Stack>
  );
}
