import { Box } from '@chakra-ui/react';
import { Codes, type Permission, type UserInfo } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectShown, expectToast, prepare } from '../test/story-fixtures';
import UserInfoPage from './user-info-page';

/** A 1×1 PNG standing for the uploaded avatar. */
const AVATAR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const profileUser = (overrides: Partial<UserInfo> = {}) =>
  demoUser({ icon: AVATAR, telegram_bound: true, telegram_name: 'demo_tg', pending_email: null, ...overrides });

const permission = (n: number, desc: string): Permission => ({
  id: `665f1c2ab7e4d90012a3d00${n}`,
  name: `line_exclusive_${n}`,
  desc,
  expireTime: `2027-0${n}-15T04:00:00.000Z`,
});
const permissions = [
  permission(1, '香港专线'),
  permission(2, '日本专线'),
  permission(3, '美国原生住宅 IP'),
  // Permission text stays text.
  permission(4, '<b>新加坡</b>专线'),
  permission(5, '台湾专线'),
];

/** The Telegram card's choices (issue 28), as the BFF reports them for this user. */
const notifySettings = (user: UserInfo) => ({
  telegramEnabled: true,
  telegramBound: user.telegram_bound === true,
  telegramName: user.telegram_name ?? '',
  staffTopics: [],
  mail: true,
});

const filled = (user = profileUser()) => [
  apiHandler('user/userinfo', user),
  apiHandler('permission/mypermissions', permissions),
  apiHandler('user/sessions', []),
  apiHandler('user/subscription_devices', { limit: 0, devices: [] }),
  apiHandler('user/notify_settings', notifySettings(user)),
];

const meta = {
  title: 'mf-user/UserInfoPage',
  component: UserInfoPage,
  loaders: [() => prepare(profileUser())],
  parameters: { route: '/user_info' },
} satisfies Meta<typeof UserInfoPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Avatar, e-mail, the three options, the first three permissions (toggle to see all five), reset link, Telegram. */
export const Filled: Story = {
  parameters: { msw: filled() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('邮箱')).toHaveValue('demo@example.com');
    await expect(canvas.getByRole('img', { name: '已上传的图片' })).toBeVisible();
    for (const name of ['解除 DNS 管控', '海外订阅', '英文节点名']) {
      await expect(canvas.getByRole('switch', { name })).not.toBeChecked();
    }
    await waitFor(() => expect(canvas.getAllByTestId('profile-permission')).toHaveLength(3));
    await userEvent.click(canvas.getByRole('button', { name: '显示全部（5）' }));
    await expect(canvas.getAllByTestId('profile-permission')).toHaveLength(5);
    await expect(canvas.getByText('<b>新加坡</b>专线')).toBeVisible();
    await expect(canvasElement.querySelector('[data-testid="profile-permissions"] b')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '收起' }));
    await expect(canvas.getAllByTestId('profile-permission')).toHaveLength(3);
    await expect(canvas.getByTestId('profile-telegram-state')).toHaveTextContent('已绑定 Telegram：demo_tg');
    await expect(canvas.getByRole('button', { name: '重置订阅链接' })).toBeVisible();
  },
};

const saved = apiSequence('user/change_use_info', [{ data: { mailedTo: null } }]);
const savedUser = apiSequence('user/userinfo', [
  { data: profileUser() },
  { data: profileUser({ inXinjiang: true, use_english_node: true }) },
]);

/** Turning two options on and saving: exactly the five fields go out, 修改资料成功, and the page shows what was saved. */
export const SaveOptions: Story = {
  parameters: { msw: [saved.handler, savedUser.handler, apiHandler('permission/mypermissions', permissions)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: '解除 DNS 管控' }));
    await userEvent.click(canvas.getByRole('switch', { name: '英文节点名' }));
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expectToast('修改资料成功');
    await expect(saved.calls).toEqual([
      { email: 'demo@example.com', icon: AVATAR, inXinjiang: true, in_foreign: false, use_english_node: true },
    ]);
    await waitFor(() => expect(canvas.getByRole('switch', { name: '英文节点名' })).toBeChecked());
    await expect(canvas.getByRole('switch', { name: '海外订阅' })).not.toBeChecked();
  },
};

const emailSaved = apiSequence('user/change_use_info', [{ data: { mailedTo: 'new@example.com' } }]);
const emailUser = apiSequence('user/userinfo', [
  { data: profileUser() },
  { data: profileUser({ pending_email: 'new@example.com' }) },
]);

/** Types a new e-mail, saves, and returns the dialog that asks for the current password. */
async function askPasswordFor(canvasElement: HTMLElement, address: string) {
  const canvas = within(canvasElement);
  const email = await canvas.findByLabelText('邮箱');
  await userEvent.clear(email);
  await userEvent.type(email, address);
  await userEvent.click(canvas.getByRole('button', { name: '保存' }));
  const dialog = await expectShown(() => within(document.body).findByRole('dialog', { name: '确认修改邮箱' }));
  await expect(dialog).toHaveTextContent(address);
  return within(dialog);
}

/**
 * A new e-mail asks for the current password first (empty: 请输入当前密码, nothing sent); then it
 * is only requested: the page says a confirmation went to it and keeps the current address.
 */
export const ChangeEmail: Story = {
  parameters: { msw: [emailSaved.handler, emailUser.handler, apiHandler('permission/mypermissions', [])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/我们会向新邮箱发送一封确认邮件/)).toBeVisible();
    const dialog = await askPasswordFor(canvasElement, 'new@example.com');
    await userEvent.click(dialog.getByRole('button', { name: '确认修改' }));
    await expect(await dialog.findByText('请输入当前密码')).toBeVisible();
    await expect(emailSaved.calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('当前密码'), 'my-password-1');
    await userEvent.click(dialog.getByRole('button', { name: '确认修改' }));
    await expectToast('修改资料成功');
    await expect(emailSaved.calls[0]).toMatchObject({ email: 'new@example.com', password: 'my-password-1' });
    await expect(await canvas.findByTestId('profile-pending-email')).toHaveTextContent('new@example.com');
    await expect(canvas.getByLabelText('邮箱')).toHaveValue('demo@example.com');
  },
};

/** The server refuses (1001): the dialog closes, 修改失败 with its message. */
export const SaveRefused: Story = {
  parameters: {
    msw: [apiHandler('user/change_use_info', null, Codes.EMAIL_REGISTERED, '邮件已注册'), ...filled()],
  },
  play: async ({ canvasElement }) => {
    const dialog = await askPasswordFor(canvasElement, 'taken@example.com');
    await userEvent.type(dialog.getByLabelText('当前密码'), 'my-password-1');
    await userEvent.click(dialog.getByRole('button', { name: '确认修改' }));
    await expectToast('修改失败:邮件已注册');
    await waitFor(() => expect(within(document.body).queryByRole('dialog', { name: '确认修改邮箱' })).toBeNull());
  },
};

const wrongPassword = apiSequence('user/change_use_info', [
  { data: null, code: Codes.PASSWORD_WRONG, msg: '当前密码错误' },
]);

/** A wrong password (1113): said under the field, the dialog stays open for another try, nothing saved. */
export const WrongPassword: Story = {
  parameters: { msw: [wrongPassword.handler, ...filled()] },
  play: async ({ canvasElement }) => {
    const dialog = await askPasswordFor(canvasElement, 'new@example.com');
    await userEvent.type(dialog.getByLabelText('当前密码'), 'not-my-password');
    await userEvent.click(dialog.getByRole('button', { name: '确认修改' }));
    await expect(await dialog.findByText('当前密码错误')).toBeVisible();
    await expect(wrongPassword.calls).toHaveLength(1);
    await expect(within(canvasElement).queryByTestId('profile-pending-email')).toBeNull();
  },
};

/** An empty e-mail is refused in the page, before any call. */
export const EmptyEmail: Story = {
  parameters: { msw: filled() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByLabelText('邮箱'));
    await userEvent.click(canvas.getByRole('button', { name: '保存' }));
    await expect(await canvas.findByText('邮件不能为空')).toBeVisible();
  },
};

const unbound = apiSequence('user/unbind', [{ data: {} }]);
const afterUnbind = apiSequence('user/userinfo', [
  { data: profileUser() },
  { data: profileUser({ telegram_bound: false, telegram_name: '' }) },
]);
const settingsAfterUnbind = apiSequence('user/notify_settings', [
  { data: notifySettings(profileUser()) },
  { data: notifySettings(profileUser({ telegram_bound: false, telegram_name: '' })) },
]);

/** Unbinding asks first; 解除成功 and the card shows the account unbound. */
export const Unbind: Story = {
  parameters: {
    msw: [
      unbound.handler,
      afterUnbind.handler,
      settingsAfterUnbind.handler,
      apiHandler('permission/mypermissions', permissions),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '解除绑定' }));
    const dialog = await expectShown(() => within(document.body).findByRole('alertdialog'));
    await expect(unbound.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认解除' }));
    await expectToast('解除成功');
    await waitFor(() => expect(canvas.getByTestId('profile-telegram-state')).toHaveTextContent('未绑定 Telegram'));
    await expect(canvas.queryByRole('button', { name: '解除绑定' })).toBeNull();
  },
};

/** The server refuses the unbinding: 解除失败. */
export const UnbindFails: Story = {
  parameters: { msw: [apiHandler('user/unbind', null, Codes.INTERNAL, ''), ...filled()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '解除绑定' }));
    const dialog = await expectShown(() => within(document.body).findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确认解除' }));
    await expectToast('解除失败');
  },
};

/** An agency user: no Telegram section. */
export const AgencyUser: Story = {
  loaders: [() => prepare(profileUser({ is_agency_user: true }), { agency: true })],
  parameters: { msw: filled(profileUser({ is_agency_user: true })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('邮箱')).toBeVisible();
    await expect(canvas.queryByTestId('profile-telegram')).toBeNull();
  },
};

/** No special permissions: 暂无记录. */
export const NoPermissions: Story = {
  parameters: { msw: [apiHandler('user/userinfo', profileUser()), apiHandler('permission/mypermissions', [])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await within(await canvas.findByTestId('profile-permissions')).findByText('暂无记录')).toBeVisible();
  },
};

const failsThenLoads = apiSequence('user/userinfo', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: profileUser() },
]);

/** User info fails to load: the server's message and 重试, which loads it. */
export const LoadErrorWithRetry: Story = {
  parameters: { msw: [failsThenLoads.handler, apiHandler('permission/mypermissions', permissions)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('账户信息加载失败')).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findByLabelText('邮箱')).toHaveValue('demo@example.com');
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('user/userinfo'), pendingHandler('permission/mypermissions')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('user-info-loading')).toBeVisible();
  },
};

/** 390 px wide (a phone): one column, nothing wider than the screen. */
export const Phone: Story = {
  parameters: { msw: filled() },
  decorators: [
    (Story) => (
      <Box w="390px" borderWidth="1px" data-testid="phone-frame">
        <Story />
      </Box>
    ),
  ],
  play: async (context) => {
    await Filled.play!(context);
    const frame = within(context.canvasElement).getByTestId('phone-frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
