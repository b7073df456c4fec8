import { GiB, userMessages } from '@portal/contracts';
import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { TrafficCard } from './traffic-card';

const meta = {
  title: 'mf-user/Dashboard/TrafficCard',
  component: TrafficCard,
  args: { user: { traffic: 120 * GiB, spendTraffic: 20.255 * GiB }, isAgency: false },
} satisfies Meta<typeof TrafficCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('traffic-remaining')).toHaveTextContent('99.75 GB');
    await expect(canvas.getByRole('link', { name: userMessages.traffic.buyMore })).toHaveAttribute('href', '/shop');
  },
};

export const Agency: Story = {
  args: { isAgency: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link', { name: userMessages.traffic.buyMore })).toBeNull();
  },
};

export const Visitor: Story = {
  args: { user: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('login-prompt')).toBeVisible();
  },
};
