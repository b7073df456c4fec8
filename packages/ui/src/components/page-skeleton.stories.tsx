import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { PageSkeleton } from './page-skeleton.js';

const meta = {
  title: 'UI/PageSkeleton',
  component: PageSkeleton,
  args: {},
} satisfies Meta<typeof PageSkeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('status', { name: '加载中...' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
  },
};
