import { Codes, GiB, type AdminUser, type UserChannelAnswer } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, dialog, prepareStaff, rows, rowWith } from '../test/story-fixtures';
import UserlistPage from './userlist-page';

function user(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: '665f1c2ab7e4d90012a3b001',
    email: 'alice@example.com',
    type: 'normal',
    disable: false,
    scale: 1,
    channel_code: 'INVITE1',
    own_channel_code: null,
    createTime: '2026-05-01T08:00:00.000Z',
    paidUser: true,
    is_agency: false,
    wallet_money: 12.5,
    spendTraffic: 2 * GiB,
    traffic: 100 * GiB,
    vipExpireTime: '2026-12-31T16:00:00.000Z',
    lastActiveTime: '2026-05-20T08:00:00.000Z',
    first_url: '/?c=INVITE1#/register',
    last_url: '/shop',
    userkey: '0123456789abcdef0123456789abcdef',
    canChangeDescribeKey: true,
    canChangePassword: true,
    normalPermission: true,
    specialDailyUnlimitTraffic: false,
    dailyUnlimitTraffic: 50,
    forceReward: false,
    deviceNum: 0,
    packageDeviceNum: 3,
    ...overrides,
  };
}

const alice = user();
const bob = user({
  _id: '665f1c2ab7e4d90012a3b002',
  email: 'bob@example.com',
  disable: true,
  channel_code: '',
  own_channel_code: 'BOB01',
  paidUser: false,
  wallet_money: 0,
  traffic: 0,
  spendTraffic: 0,
  vipExpireTime: null,
  createTime: '2026-04-01T08:00:00.000Z',
});

const listed = apiHandler('admin/users/userlist', [alice, bob]);
const noChannel: UserChannelAnswer = { channel: null, defaults: { rewardRate: 0.1, comsumerDuration: 30 } };

const meta = {
  title: 'mf-admin/Screens/UserlistPage',
  component: UserlistPage,
  ...asAdmin,
  parameters: { route: '/admin_userlist', msw: [listed] },
} satisfies Meta<typeof UserlistPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (canvas: HTMLElement, text: string) => rowWith(canvas, 'users', text);

/** The user (admin) columns: traffic in G, wallet in yuan, the state; users are edited, never added. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    await expect(await rows(canvasElement, 'users')).toHaveLength(2);
    const a = await rowOf(canvasElement, 'alice@example.com');
    await expect(a).toHaveTextContent('100');
    await expect(a).toHaveTextContent('12.50');
    await expect(a).toHaveTextContent('INVITE1');
    await expect(within(await rowOf(canvasElement, 'bob@example.com')).getByText('已禁用')).toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: '新增' })).toBeNull();
    for (const action of ['渠道', '编辑', '修改密码', '登录设备', '调试订阅']) {
      await expect(within(a).getByRole('button', { name: action })).toBeVisible();
    }
  },
};

/** Staff who may read users but not edit them (a 客服): no 编辑, 渠道 or 修改密码; 登录设备 and the rest stay. */
export const ReadOnly: Story = {
  loaders: [() => prepareStaff('客服', ['users.read'])],
  play: async ({ canvasElement }) => {
    const a = await rowOf(canvasElement, 'alice@example.com');
    await expect(within(a).getByRole('button', { name: '登录设备' })).toBeVisible();
    for (const action of ['渠道', '编辑', '修改密码']) {
      await expect(within(a).queryByRole('button', { name: action })).toBeNull();
    }
  },
};

const userSaved = apiSequence('admin/users/update_user', [{ data: alice }]);

/** The edit dialog: the daily-limit field shows only while the special speed limit is on (spec-2 §5). */
export const EditUserSpecialLimit: Story = {
  parameters: { msw: [userSaved.handler, listed] },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '编辑' }),
    );
    const form = within(await dialog('编辑用户'));
    await expect(form.getByLabelText('流量（G）')).toHaveValue(100);
    await expect(form.queryByLabelText('每日额度（G）')).toBeNull();
    await userEvent.click(form.getByText('特殊限速'));
    await expect(await form.findByLabelText('每日额度（G）')).toHaveValue(50);
    await userEvent.click(form.getByText('特殊限速'));
    await expect(form.queryByLabelText('每日额度（G）')).toBeNull();
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('用户配置成功');
    // Untouched traffic goes back as the stored bytes.
    await expect(userSaved.calls.at(-1)).toMatchObject({ traffic: 100 * GiB, specialDailyUnlimitTraffic: false });
  },
};

const recorded = apiSequence('admin/users/update_user', [{ data: alice }]);

/** What the save sends: bytes, the daily limit with the switch on, never type, wallet or userkey. */
export const EditUserPayload: Story = {
  parameters: { msw: [recorded.handler, listed] },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '编辑' }),
    );
    const form = within(await dialog('编辑用户'));
    await userEvent.click(form.getByText('特殊限速'));
    const limit = await form.findByLabelText('每日额度（G）');
    await userEvent.clear(limit);
    await userEvent.type(limit, '20');
    await userEvent.clear(form.getByLabelText('流量（G）'));
    await userEvent.type(form.getByLabelText('流量（G）'), '150');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('用户配置成功');
    const sent = recorded.calls.at(-1)!;
    await expect(sent).toMatchObject({
      _id: alice._id,
      traffic: 150 * GiB,
      vipExpireTime: alice.vipExpireTime,
      specialDailyUnlimitTraffic: true,
      dailyUnlimitTraffic: 20,
    });
    for (const field of ['trafficG', 'type', 'wallet_money', 'userkey', 'email', 'password']) {
      await expect(sent).not.toHaveProperty(field);
    }
  },
};

/** A refused save: the spec's prefix and the server's message. */
export const EditUserRefused: Story = {
  parameters: {
    msw: [apiHandler('admin/users/update_user', null, Codes.INVALID_PAYLOAD, 'VIP 到期时间无效'), listed],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '编辑' }),
    );
    const form = within(await dialog('编辑用户'));
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('用户配置失败:VIP 到期时间无效');
  },
};

const channelSaved = apiSequence('admin/users/update_channel', [{ data: noChannel }]);

/** The channel dialog: a user without a channel starts from the defaults; the rate must be 0–0.5. */
export const Channel: Story = {
  parameters: { msw: [apiHandler('admin/users/get_user_channel', noChannel), channelSaved.handler, listed] },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '渠道' }),
    );
    const form = within(await dialog('渠道 · alice@example.com'));
    await expect(form.getByLabelText('返利比例（0–0.5）')).toHaveValue(0.1);
    await expect(form.getByLabelText('返利期限（天）')).toHaveValue(30);
    await userEvent.type(form.getByLabelText('渠道码'), 'ALICE1');
    await userEvent.clear(form.getByLabelText('返利比例（0–0.5）'));
    await userEvent.type(form.getByLabelText('返利比例（0–0.5）'), '0.6');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(channelSaved.calls).toEqual([]);
    await userEvent.clear(form.getByLabelText('返利比例（0–0.5）'));
    await userEvent.type(form.getByLabelText('返利比例（0–0.5）'), '0.3');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('渠道配置成功');
    await expect(channelSaved.calls.at(-1)).toEqual({
      user_id: alice._id,
      code: 'ALICE1',
      name: '',
      rewardRate: 0.3,
      comsumerDuration: 30,
    });
  },
};

/** A code another channel has: 渠道配置失败 with the server's reason. */
export const ChannelCodeTaken: Story = {
  parameters: {
    msw: [
      apiHandler<UserChannelAnswer>('admin/users/get_user_channel', {
        channel: {
          user_id: bob._id,
          email: bob.email,
          code: 'BOB01',
          name: '鲍勃',
          rewardRate: 0.2,
          comsumerDuration: 60,
        },
        defaults: noChannel.defaults,
      }),
      apiHandler('admin/users/update_channel', null, Codes.INVALID_PAYLOAD, '渠道码「TAKEN」已被使用'),
      listed,
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(await rowOf(canvasElement, 'bob@example.com')).getByRole('button', { name: '渠道' }));
    const form = within(await dialog('渠道 · bob@example.com'));
    await expect(form.getByLabelText('渠道码')).toHaveValue('BOB01');
    await expect(form.getByLabelText('渠道名称')).toHaveValue('鲍勃');
    await userEvent.clear(form.getByLabelText('渠道码'));
    await userEvent.type(form.getByLabelText('渠道码'), 'TAKEN');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('渠道配置失败:渠道码「TAKEN」已被使用');
  },
};

const passwordSaved = apiSequence('admin/users/change_password', [{ data: {} }]);

/** The password dialog: at least 8 characters; sent with the row's e-mail. */
export const ChangePassword: Story = {
  parameters: { msw: [passwordSaved.handler, listed] },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(await rowOf(canvasElement, 'alice@example.com')).getByRole('button', { name: '修改密码' }),
    );
    const form = within(await dialog('修改密码 · alice@example.com'));
    await userEvent.type(form.getByLabelText('新密码'), 'short');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expect(passwordSaved.calls).toEqual([]);
    await userEvent.type(form.getByLabelText('新密码'), '-and-long-now');
    await userEvent.click(form.getByRole('button', { name: '保存' }));
    await expectToast('密码已修改');
    await expect(passwordSaved.calls.at(-1)).toEqual({ email: 'alice@example.com', password: 'short-and-long-now' });
  },
};
