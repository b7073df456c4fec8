import { GiB } from '@portal/contracts';
import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { daysFromNow } from '../../../test/story-fixtures';
import { TimePackageCard } from './time-package-card';

const meta = {
  title: 'mf-user/Dashboard/TimePackageCard',
  component: TimePackageCard,
  args: {
    user: { vipExpireTime: daysFromNow(12.2), limit: 50 * GiB, dailyTimePackageUsage: 10 * GiB },
    now: Date.now(),
  },
} satisfies Meta<typeof TimePackageCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('time-package-days')).toHaveTextContent('12 天');
    await expect(canvas.getByTestId('time-package-daily-remaining')).toHaveTextContent('40.00 GB');
  },
};

/** Usage beyond the allowance: nothing left, the bar stops at 100 %. */
export const AllowanceUsedUp: Story = {
  args: { user: { vipExpireTime: daysFromNow(3), limit: 50 * GiB, dailyTimePackageUsage: 61 * GiB } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('time-package-daily-remaining')).toHaveTextContent('0.00 GB');
    await expect(await canvas.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

/** The default 50 GiB allowance applies when the user has no limit recorded. */
export const DefaultLimit: Story = {
  args: {
    user: { vipExpireTime: daysFromNow(30), limit: undefined as unknown as number, dailyTimePackageUsage: 5 * GiB },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('time-package-daily-remaining')).toHaveTextContent('45.00 GB');
  },
};

export const Expired: Story = {
  args: { user: { vipExpireTime: daysFromNow(-1), limit: 50 * GiB, dailyTimePackageUsage: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('time-package-card')).toBeNull();
  },
};
