import { GiB, type BasicStatistics } from '@portal/contracts';
import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, rows } from '../test/story-fixtures';
import { quietDay } from '../features/statistics/lib/quiet-day';
import StatisticsPage from './statistics-page';

const week = ['2026-11-25', '2026-11-24', '2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19'];

/** A busy week: income, payments, traffic of both kinds of users, sign-ins. */
const busyWeek: BasicStatistics = {
  stastic_list: week.map((day, i) => ({
    ...quietDay(day),
    signUseNum: 40 - i * 3,
    payNum: 12 - i,
    income: Math.round((420.5 - i * 31.2) * 100) / 100,
    normalUserNum: 120 - i * 5,
    normalTraffic: (300 - i * 20) * GiB,
    normalAvg: Math.round(((300 - i * 20) * GiB) / (120 - i * 5)),
    dayUserNum: 60 + i,
    dayTrafficUse: (500 + i * 10) * GiB,
    dayAvg: Math.round(((500 + i * 10) * GiB) / (60 + i)),
  })),
  totalRemainingTraffic: 12.5 * 1024 * GiB,
  activeVipCount: 318,
};

const quietWeek: BasicStatistics = { stastic_list: week.map(quietDay), totalRemainingTraffic: 0, activeVipCount: 0 };

const answering = (data: BasicStatistics) => apiSequence('admin/users/basic_stastic', [{ data }]);

const meta = {
  title: 'mf-admin/Screens/StatisticsPage',
  component: StatisticsPage,
  ...asAdmin,
  parameters: { route: '/admin_stastic', msw: [answering(busyWeek).handler] },
} satisfies Meta<typeof StatisticsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The totals in TB and users, three charts of the trends, and the daily table. */
export const BusyWeek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await rows(canvasElement, 'statistics')).toHaveLength(7);
    await expect(canvas.getByTestId('stat-remaining')).toHaveTextContent('12.50 TB');
    await expect(canvas.getByTestId('stat-active-vip')).toHaveTextContent('318');
    for (const chart of ['chart-income', 'chart-traffic', 'chart-users']) {
      const card = await canvas.findByTestId(chart, {}, { timeout: 5000 });
      await waitFor(() => expect(card.querySelector('.recharts-bar-rectangle, .recharts-line-curve')).not.toBeNull());
    }
    // Newest day first in the table; 420.50 yuan with two decimals.
    const [today] = await rows(canvasElement, 'statistics');
    await expect(today).toHaveTextContent('2026-11-25');
    await expect(today).toHaveTextContent('420.50');
  },
};

/** A new service: every figure is zero, so the charts say 暂无记录 instead of drawing flat lines. */
export const QuietWeek: Story = {
  parameters: { msw: [answering(quietWeek).handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await rows(canvasElement, 'statistics')).toHaveLength(7);
    await expect(canvas.getByTestId('stat-remaining')).toHaveTextContent('0.00 TB');
    for (const chart of ['chart-income', 'chart-traffic', 'chart-users']) {
      const card = await canvas.findByTestId(chart, {}, { timeout: 5000 });
      await expect(card).toHaveTextContent('暂无记录');
    }
  },
};
