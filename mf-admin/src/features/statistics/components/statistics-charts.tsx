import type { ReactNode } from 'react';
import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyStatistics } from '@portal/contracts';
import { EMPTY_TEXT } from '@portal/ui';
import { chartDays, hasData, type ChartDay } from '../lib/chart-series';
import { statisticsLabels as t } from '../lib/labels';

/** The portal's palette (Chakra's tokens as CSS variables), so the charts follow the theme. */
const color = {
  money: 'var(--chakra-colors-blue-600)',
  count: 'var(--chakra-colors-orange-500)',
  normal: 'var(--chakra-colors-teal-600)',
  day: 'var(--chakra-colors-purple-500)',
  signIn: 'var(--chakra-colors-gray-500)',
} as const;

const HEIGHT = 240;

interface ChartCardProps {
  title: string;
  testId: string;
  days: ChartDay[];
  keys: (keyof ChartDay)[];
  children: ReactNode;
}

/** One chart with its title; the same figures are in the table below (the accessible view). */
function ChartCard({ title, testId, days, keys, children }: ChartCardProps) {
  const empty = !hasData(days, keys);
  return (
    <Box borderWidth="1px" borderRadius="l2" bg="bg" p="3" data-testid={testId} data-empty={empty || undefined}>
      <Heading as="h2" size="sm" mb="2">
        {title}
      </Heading>
      {empty ? (
        <Text color="fg.muted" textAlign="center" py="12">
          {EMPTY_TEXT}
        </Text>
      ) : (
        <Box role="img" aria-label={title} h={`${HEIGHT}px`}>
          <ResponsiveContainer width="100%" height={HEIGHT}>
            {children}
          </ResponsiveContainer>
        </Box>
      )}
    </Box>
  );
}

const axis = { fontSize: 12 };

/**
 * The trends operators read first (issue 14): income and payments, traffic by kind of user, and
 * active users per day. recharts is loaded with this component only, on this screen.
 */
export default function StatisticsCharts({ rows }: { rows: readonly DailyStatistics[] }) {
  const days = chartDays(rows);
  return (
    <SimpleGrid columns={{ base: 1, xl: 3 }} gap="3" data-testid="statistics-charts">
      <ChartCard title={t.incomeChart} testId="chart-income" days={days} keys={['income', 'payNum']}>
        <ComposedChart data={days} margin={{ top: 4, right: 4, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis yAxisId="money" tick={axis} width={48} />
          <YAxis yAxisId="count" orientation="right" allowDecimals={false} tick={axis} width={32} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="money" dataKey="income" name={t.income} fill={color.money} isAnimationActive={false} />
          <Line yAxisId="count" dataKey="payNum" name={t.payNum} stroke={color.count} isAnimationActive={false} />
        </ComposedChart>
      </ChartCard>
      <ChartCard title={t.trafficChart} testId="chart-traffic" days={days} keys={['normalTrafficG', 'dayTrafficG']}>
        <ComposedChart data={days} margin={{ top: 4, right: 4, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis tick={axis} width={48} />
          <Tooltip />
          <Legend />
          <Bar
            stackId="traffic"
            dataKey="normalTrafficG"
            name={t.normalTrafficG}
            fill={color.normal}
            isAnimationActive={false}
          />
          <Bar
            stackId="traffic"
            dataKey="dayTrafficG"
            name={t.dayTrafficG}
            fill={color.day}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ChartCard>
      <ChartCard
        title={t.usersChart}
        testId="chart-users"
        days={days}
        keys={['normalUserNum', 'dayUserNum', 'signUseNum']}
      >
        <ComposedChart data={days} margin={{ top: 4, right: 4, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis allowDecimals={false} tick={axis} width={32} />
          <Tooltip />
          <Legend />
          <Line dataKey="normalUserNum" name={t.normalUserNum} stroke={color.normal} isAnimationActive={false} />
          <Line dataKey="dayUserNum" name={t.dayUserNum} stroke={color.day} isAnimationActive={false} />
          <Line dataKey="signUseNum" name={t.signUseNum} stroke={color.signIn} isAnimationActive={false} />
        </ComposedChart>
      </ChartCard>
    </SimpleGrid>
  );
}
