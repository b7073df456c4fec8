import { expect, fn, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { RegionError } from './region-error.js';

const meta = {
  title: 'UI/RegionError',
  component: RegionError,
  args: {},
} satisfies Meta<typeof RegionError>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Without a retry handler the view only explains what failed. */
export const WithoutRetry: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('页面加载失败');
    await expect(canvas.queryByRole('button', { name: '重试' })).toBeNull();
  },
};

export const WithRetry: Story = {
  args: { onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '重试' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Retrying: Story = {
  args: { onRetry: fn(), retrying: true },
};

export const CustomText: Story = {
  args: { title: '订单加载失败', detail: '订单列表暂时无法加载。', onRetry: fn() },
};
