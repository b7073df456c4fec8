import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { EMPTY_TEXT, EmptyState } from './empty-state.js';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {},
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(EMPTY_TEXT);
  },
};

/** A list's own empty text replaces 暂无记录. */
export const CustomText: Story = {
  args: { text: '暂无订单记录' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toBeVisible();
    await expect(status.textContent).toBe('暂无订单记录');
  },
};
