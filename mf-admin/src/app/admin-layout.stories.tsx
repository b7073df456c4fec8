import { Text } from '@chakra-ui/react';
import { expect, fn, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { page, prepareAdmin } from '../test/story-fixtures';
import AdminDrawer from './admin-drawer';
import { allowedGroups } from './admin-nav';
import { AdminLayout } from './admin-layout';

const meta = {
  title: 'mf-admin/AdminLayout',
  component: AdminLayout,
  args: { page: 'admin_userlist', children: <Text>用户管理的内容</Text> },
  parameters: { route: '/admin_userlist' },
} satisfies Meta<typeof AdminLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * An admin on a desktop: the five groups in the sidebar beside the screen, the current screen's
 * group (用户) open and its entry marked, the others closed until clicked; 我的账户 and 退出登录 below.
 */
export const Desktop: Story = {
  loaders: [() => prepareAdmin('admin')],
  parameters: { viewport: { defaultViewport: 'desktop' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = within(await canvas.findByRole('navigation', { name: '后台导航' }));
    await expect(nav.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '运营',
      '用户',
      '财务',
      '网络',
      '系统',
    ]);
    await expect(nav.getByRole('button', { name: '用户' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: '用户管理' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.queryByRole('link', { name: '交易流水' })).toBeNull();
    await userEvent.click(nav.getByRole('button', { name: '财务' }));
    await expect(nav.getByRole('link', { name: '交易流水' })).toBeVisible();
    await expect(canvas.getByText('用户管理的内容')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '我的账户' })).toHaveAttribute('href', '/user_info');
    await expect(canvas.getByRole('button', { name: '退出登录' })).toBeVisible();
  },
};

/** An operations (yunying) user: the 运营 group alone, open on its screen. */
export const OperationsUser: Story = {
  args: { page: 'admin_coupon', children: <Text>优惠券管理的内容</Text> },
  parameters: { route: '/admin_coupon' },
  loaders: [() => prepareAdmin('yunying')],
  play: async ({ canvasElement }) => {
    const nav = within(await within(canvasElement).findByRole('navigation', { name: '后台导航' }));
    await expect(nav.getAllByRole('button').map((b) => b.textContent)).toEqual(['运营']);
    await expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual(['优惠券管理', '优惠券记录', '抽奖管理']);
  },
};

/** A user who may open no screen: the screen's own refusal, without a sidebar. */
export const NoScreens: Story = {
  args: { children: <Text>无权访问</Text> },
  loaders: [() => prepareAdmin('normal')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('无权访问')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: '后台导航' })).toBeNull();
  },
};

/**
 * The phone's drawer (what 后台菜单 opens below 768 px): the same groups, the current one open;
 * choosing a screen closes it. Storybook's viewport toolbar shows it at phone width.
 */
export const PhoneDrawer: StoryObj<typeof AdminDrawer> = {
  render: (args) => <AdminDrawer {...args} />,
  args: { page: 'admin_tradeList', groups: allowedGroups('admin'), onClose: fn() },
  parameters: { route: '/admin_tradeList' },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  loaders: [() => prepareAdmin('admin')],
  play: async ({ args }) => {
    const drawer = within(await page().findByRole('dialog', { name: '后台导航' }));
    const nav = within(drawer.getByRole('navigation', { name: '后台导航' }));
    await expect(nav.getByRole('button', { name: '财务' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: '交易流水' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: '运营' })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(nav.getByRole('link', { name: '提现管理' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};
