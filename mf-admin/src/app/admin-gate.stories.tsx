import { Text } from '@chakra-ui/react';
import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { prepareAdmin } from '../test/story-fixtures';
import { AdminGate } from './admin-gate';

const meta = {
  title: 'mf-admin/AdminGate',
  component: AdminGate,
  args: { page: 'admin_agents', children: <Text>节点管理的内容</Text> },
} satisfies Meta<typeof AdminGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An operations (yunying) user on an admin-only screen reads 无权访问 instead of the screen. */
export const OperationsUserRefused: Story = {
  loaders: [() => prepareAdmin('yunying')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: '无权访问' })).toBeVisible();
    await expect(canvas.queryByText('节点管理的内容')).toBeNull();
  },
};

/** The same user on an operations screen gets it. */
export const OperationsUserOnCoupons: Story = {
  args: { page: 'admin_coupon' },
  loaders: [() => prepareAdmin('yunying')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('节点管理的内容')).toBeVisible();
  },
};

export const Admin: Story = {
  loaders: [() => prepareAdmin('admin')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('节点管理的内容')).toBeVisible();
  },
};
