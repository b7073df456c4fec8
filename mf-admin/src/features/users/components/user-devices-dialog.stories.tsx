import { Codes, type SessionDevice } from '@portal/contracts';
import { sessionMessages as t } from '@portal/contracts/sessions';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import {
  expect,
  expectToast,
  fn,
  userEvent,
  waitFor,
  within,
  type Meta,
  type StoryObj,
} from '@portal/storybook/story-kit';
import { alertDialog, asAdmin, dialog, prepareStaff } from '../../../test/story-fixtures';
import UserDevicesDialog from './user-devices-dialog';

const USER_ID = '665f1c2ab7e4d90012a3d0aa';
const devices: SessionDevice[] = [
  {
    id: 'a'.repeat(32),
    browser: 'Chrome 131',
    os: 'Windows 10',
    ip: '203.0.113.7',
    createdAt: '2026-10-02T01:15:00.000Z',
    lastSeenAt: '2026-11-27T08:30:00.000Z',
    current: false,
  },
  {
    id: 'b'.repeat(32),
    browser: 'Safari 17',
    os: 'iOS 17.5',
    ip: '198.51.100.23',
    createdAt: '2026-11-20T03:00:00.000Z',
    lastSeenAt: '2026-11-26T13:02:00.000Z',
    current: false,
  },
];

const meta = {
  title: 'mf-admin/Users/UserDevicesDialog',
  component: UserDevicesDialog,
  ...asAdmin,
  args: { userId: USER_ID, email: 'user@example.com', onClose: fn() },
} satisfies Meta<typeof UserDevicesDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const title = '登录设备 · user@example.com';

/** The user's devices, read-only (no 退出 per device), and 全部退出. */
export const List: Story = {
  parameters: { msw: [apiHandler('admin/users/sessions', devices)] },
  play: async () => {
    const box = await dialog(title);
    await waitFor(() => expect(within(box).getAllByTestId('user-device')).toHaveLength(2));
    await expect(within(box).getAllByTestId('user-device')[1]).toHaveTextContent('Safari 17 · iOS 17.5');
    await expect(within(box).queryByRole('button', { name: t.signOut })).toBeNull();
    await expect(within(box).getByRole('button', { name: t.signOutAll })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('admin/users/sessions')] },
  play: async () => {
    const box = await dialog(title);
    await expect(within(box).getByTestId('user-devices-loading')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [apiHandler('admin/users/sessions', null, Codes.FORBIDDEN, '没有权限')] },
  play: async () => {
    const box = await dialog(title);
    await expect(await within(box).findByText(t.loadFailed)).toBeVisible();
  },
};

/** Staff who may read users but not edit them (a 客服): the list, without 全部退出. */
export const ReadOnly: Story = {
  parameters: { msw: [apiHandler('admin/users/sessions', devices)] },
  loaders: [() => prepareStaff('客服', ['users.read'])],
  play: async () => {
    const box = await dialog(title);
    await waitFor(() => expect(within(box).getAllByTestId('user-device')).toHaveLength(2));
    await expect(within(box).queryByRole('button', { name: t.signOutAll })).toBeNull();
  },
};

/** No live session: 暂无记录, and no 全部退出. */
export const Empty: Story = {
  parameters: { msw: [apiHandler('admin/users/sessions', [])] },
  play: async () => {
    const box = await dialog(title);
    await expect(await within(box).findByText('暂无记录')).toBeVisible();
    await expect(within(box).queryByRole('button', { name: t.signOutAll })).toBeNull();
  },
};

const listed = apiSequence('admin/users/sessions', [{ data: devices }, { data: [] }]);
const ended = apiSequence('admin/users/end_sessions', [{ data: { ended: 2 } }]);

/** 全部退出: a confirmation, the call with the user's id, 已退出 2 台设备, the list read again (empty). */
export const EndAll: Story = {
  parameters: { msw: [listed.handler, ended.handler] },
  play: async () => {
    const box = await dialog(title);
    await userEvent.click(await within(box).findByRole('button', { name: t.signOutAll }));
    const question = await alertDialog(t.confirmAllTitle);
    await userEvent.click(within(question).getByRole('button', { name: t.confirm }));
    await expectToast(t.signedOutCount(2));
    await expect(ended.calls).toEqual([{ uid: USER_ID }]);
    await expect(await within(await dialog(title)).findByText('暂无记录')).toBeVisible();
  },
};
