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

/** While a retry runs, the button says so and cannot start a second one. */
export const Retrying: Story = {
  args: { onRetry: fn(), retrying: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: '重试中...' });
    await expect(button).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: '重试' })).toBeNull();
    await userEvent.click(button);
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

/** A caller's title and detail replace the defaults. */
export const CustomText: Story = {
  args: { title: '订单加载失败', detail: '订单列表暂时无法加载。', onRetry: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '订单加载失败' })).toBeVisible();
    await expect(canvas.getByText('订单列表暂时无法加载。')).toBeVisible();
    await expect(canvas.getByRole('alert')).not.toHaveTextContent('页面加载失败');
    await expect(canvas.getByRole('button', { name: '重试' })).toBeEnabled();
  },
};
