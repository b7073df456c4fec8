import { Box } from '@chakra-ui/react';
import { Codes } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asUser, asVisitor, demoNotices } from '../testing/story-fixtures';
import { Header } from './header';

const meta = {
  title: 'shell/Header',
  component: Header,
  args: {},
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Overlays fade in: wait until the element is really visible. */
const shown = (element: HTMLElement) => waitFor(() => expect(element).toBeVisible());

const pendingCalls = apiSequence('feedback/pending_count', [{ data: { count: 5 } }]);

const menu = (canvas: HTMLElement) => within(within(canvas).getByRole('navigation', { name: '主菜单' }));

export const LoggedOut: Story = {
  loaders: [() => asVisitor()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: '登录' })).toHaveAttribute('href', expect.stringMatching(/\/login$/));
    await expect(menu(canvasElement).getByRole('link', { name: '使用教程' })).toHaveAttribute('aria-current', 'page');
    await shown(menu(canvasElement).getByRole('link', { name: '商店' }));
    await expect(canvas.queryByRole('button', { name: /通知/ })).toBeNull();
  },
};

/** A signed-in user with three unread notices: red dot, the list, and following one of them. */
export const LoggedInWithNotices: Story = {
  parameters: {
    msw: [apiHandler('user_notive/list', demoNotices), apiHandler('user_notive/clicked', null)],
  },
  loaders: [() => asUser()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bell = await canvas.findByRole('button', { name: '通知（3 条未读）' });
    await shown(canvas.getByTestId('notice-dot'));
    await userEvent.click(bell);
    const panel = within(await canvas.findByRole('dialog', { name: '通知' }));
    await expect(panel.getAllByRole('link')).toHaveLength(3);
    await userEvent.click(panel.getByRole('link', { name: '您的工单有新的回复，请及时查看。' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: '通知（2 条未读）' })).toBeVisible());
    await expect(canvas.queryByRole('dialog', { name: '通知' })).toBeNull();
  },
};

export const UserMenuOpen: Story = {
  parameters: { msw: [apiHandler('user_notive/list', [])] },
  loaders: [() => asUser({ email: 'someone@example.com' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /用户菜单/ }));
    const panel = within(await canvas.findByRole('dialog', { name: '用户菜单' }));
    await shown(panel.getByText('someone@example.com'));
    await expect(panel.getByRole('link', { name: '忘记密码' })).toHaveAttribute('href', '/reset');
    await shown(panel.getByRole('button', { name: '退出登录' }));
    await shown(panel.getByRole('button', { name: '兑换体验券' }));
  },
};

/** Opening one dropdown closes the other; a click anywhere else closes both. */
export const DropdownsExcludeEachOther: Story = {
  parameters: { msw: [apiHandler('user_notive/list', demoNotices)] },
  loaders: [() => asUser()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /通知（/ }));
    await canvas.findByRole('dialog', { name: '通知' });
    await userEvent.click(canvas.getByRole('button', { name: /用户菜单/ }));
    await expect(canvas.queryByRole('dialog', { name: '通知' })).toBeNull();
    await shown(canvas.getByRole('dialog', { name: '用户菜单' }));
    await userEvent.click(document.body);
    await expect(canvas.queryByRole('dialog', { name: '用户菜单' })).toBeNull();
  },
};

export const NoticesEmpty: Story = {
  parameters: { msw: [apiHandler('user_notive/list', [])] },
  loaders: [() => asUser()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '通知' }));
    const panel = within(await canvas.findByRole('dialog', { name: '通知' }));
    await shown(await panel.findByText('暂无记录'));
    await expect(canvas.queryByTestId('notice-dot')).toBeNull();
  },
};

export const NoticesFailed: Story = {
  parameters: { msw: [apiHandler('user_notive/list', null, Codes.INTERNAL, 'fail')] },
  loaders: [() => asUser()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '通知' }));
    const panel = within(await canvas.findByRole('dialog', { name: '通知' }));
    await shown(await panel.findByText('通知加载失败'));
    await shown(panel.getByRole('button', { name: '重试' }));
  },
};

/** Agency mode: no shop, invite rebate or order entries. */
export const Agency: Story = {
  parameters: { msw: [apiHandler('user_notive/list', [])] },
  loaders: [() => asUser({ type: 'normal' }, { agency: true })],
  play: async ({ canvasElement }) => {
    const nav = menu(canvasElement);
    await shown(nav.getByRole('link', { name: '使用教程' }));
    for (const hidden of ['商店', '邀请返利', '订单记录'])
      await expect(nav.queryByRole('link', { name: hidden })).toBeNull();
  },
};

/** An admin with tickets waiting: a count on the 问题反馈 tab, refreshed when /feedback reports a change. */
export const AdminPendingTickets: Story = {
  parameters: {
    msw: [
      apiHandler('user_notive/list', []),
      apiSequence('feedback/pending_count', [{ data: { count: 3 } }, { data: { count: 2 } }]).handler,
    ],
  },
  loaders: [() => asUser({ type: 'admin' })],
  play: async ({ canvasElement }) => {
    const tab = menu(canvasElement).getByRole('link', { name: /问题反馈/ });
    const badge = await within(tab).findByTestId('menu-badge');
    await expect(badge).toHaveTextContent('3');
    await expect(badge).toHaveAttribute('title', '3 个工单待处理');
    window.dispatchEvent(new Event('portal:feedback-changed'));
    await waitFor(() => expect(within(tab).getByTestId('menu-badge')).toHaveTextContent('2'));
  },
};

/** A normal user never asks for the count: no badge and no call. */
export const NoPendingCountForUsers: Story = {
  parameters: {
    msw: [apiHandler('user_notive/list', []), pendingCalls.handler],
  },
  loaders: [() => asUser({ type: 'normal' })],
  play: async ({ canvasElement }) => {
    await shown(menu(canvasElement).getByRole('link', { name: '问题反馈' }));
    await expect(within(canvasElement).queryByTestId('menu-badge')).toBeNull();
    await expect(pendingCalls.calls).toHaveLength(0);
  },
};

/** An admin's long menu in a 375 px wide frame: it scrolls by itself, with the swipe hint at the right. */
export const Phone375: Story = {
  parameters: {
    msw: [apiHandler('user_notive/list', demoNotices), apiHandler('feedback/pending_count', { count: 0 })],
  },
  decorators: [
    (Story) => (
      <Box w="375px" borderWidth="1px">
        <Story />
      </Box>
    ),
  ],
  loaders: [() => asUser({ type: 'admin' })],
  play: async ({ canvasElement }) => {
    const hint = within(canvasElement).getByTestId('menu-swipe-hint');
    await waitFor(() => expect(hint).toBeVisible());
    const nav = within(canvasElement).getByRole('navigation', { name: '主菜单' });
    nav.scrollLeft = nav.scrollWidth;
    await waitFor(() => expect(hint).not.toBeVisible());
  },
};
