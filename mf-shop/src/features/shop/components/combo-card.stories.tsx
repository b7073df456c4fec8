import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { bonusCombo, bothCombo, permissionCombo, timeCombo, volumeCombo } from '../../../test/story-fixtures';
import { ComboCard } from './combo-card';

const meta = {
  title: 'mf-shop/Shop/ComboCard',
  component: ComboCard,
  args: { combo: volumeCombo, onBuy: fn() },
  decorators: [
    (Story) => (
      <Box maxW="sm" p="4">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof ComboCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Traffic only: a volume part in GB (bytes / 1024³), never expiring; the buy button names the product. */
export const Volume: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('combo-volume')).toHaveTextContent('100 GB 流量');
    await expect(canvas.getByTestId('combo-volume')).toHaveTextContent('永久有效，用完为止');
    await expect(canvas.queryByTestId('combo-time')).toBeNull();
    await expect(canvas.getByTestId('combo-price')).toHaveTextContent('¥30.00');
    await userEvent.click(canvas.getByRole('button', { name: '购买 流量包 100G' }));
    await expect(args.onBuy).toHaveBeenCalledWith(volumeCombo);
  },
};

/** Days only: the daily limit defaults to 50 G, total = 50 × 30 days. */
export const Time: Story = {
  args: { combo: timeCombo },
  play: async ({ canvasElement }) => {
    const time = within(canvasElement).getByTestId('combo-time');
    await expect(time).toHaveTextContent('30 天');
    await expect(time).toHaveTextContent('每天 50 GB 高速流量');
    await expect(time).toHaveTextContent('合计 1500 GB');
    await expect(within(canvasElement).queryByTestId('combo-volume')).toBeNull();
  },
};

/** A product carrying both, with its own daily limit, devices and speed. */
export const Both: Story = {
  args: { combo: bothCombo },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('combo-volume')).toHaveTextContent('50 GB 流量');
    await expect(canvas.getByTestId('combo-time')).toHaveTextContent('每天 80 GB 高速流量');
    await expect(canvas.getByTestId('combo-time')).toHaveTextContent('合计 7200 GB');
    await expect(canvas.getByText('5 台设备同时在线')).toBeVisible();
    await expect(canvas.getByText('速率 300Mbps')).toBeVisible();
  },
};

/** 15 % bonus: 500 GB + 75 GB, 365 days + 54.75 days, total 50 × 365 × 1.15. */
export const WithBonus: Story = {
  args: { combo: bonusCombo },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('赠送 15%')).toBeVisible();
    await expect(canvas.getByTestId('combo-volume')).toHaveTextContent('另赠 75 GB');
    await expect(canvas.getByTestId('combo-time')).toHaveTextContent('另赠 54.75 天');
    await expect(canvas.getByTestId('combo-time')).toHaveTextContent('合计 20987.5 GB');
  },
};

/** A product that grants a permission for a number of days. */
export const WithPermissions: Story = {
  args: { combo: permissionCombo },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('combo-permissions')).toHaveTextContent(
      '附赠权限：商务专线（独享带宽）（30 天）',
    );
    await expect(within(canvasElement).getByTestId('combo-price')).toHaveTextContent('¥99.90');
  },
};

/** While its order is created the button spins; the other products' buttons wait. */
export const Creating: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '购买 流量包 100G' })).toBeDisabled();
  },
};
