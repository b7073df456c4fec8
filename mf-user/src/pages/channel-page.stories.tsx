import { Box } from '@chakra-ui/react';
import { Codes, type ChannelInfo, type ChannelReward } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectShown, prepare } from '../test/story-fixtures';
import ChannelPage from './channel-page';

const info = (overrides: Partial<ChannelInfo> = {}): ChannelInfo => ({
  code: 'K7M2QX',
  rewardRate: 0.1,
  min_charge_money: 500,
  consumerDuration: 365,
  open: true,
  inviteBase: 'https://portal.example',
  invitedCount: 12,
  ...overrides,
});

const storyRewards: ChannelReward[] = [
  {
    _id: '2',
    comsumer_name: 'li***@example.com',
    desc: '月付套餐 <b>Pro</b>',
    userSpend: 30,
    reward: 3,
    buyTime: '2026-11-23T10:00:00.000Z',
    left: 45.5,
  },
  {
    _id: '1',
    comsumer_name: 'wa***@qq.com',
    desc: '100G 流量包',
    userSpend: 25,
    reward: 2.5,
    buyTime: '2026-11-20T08:00:00.000Z',
    left: 42.5,
  },
];

const filled = [apiHandler('channel/channel_info', info()), apiHandler('channel/reward_list', storyRewards)];

const meta = {
  title: 'mf-user/ChannelPage',
  component: ChannelPage,
  loaders: [() => prepare(demoUser({ type: 'channel' }))],
  parameters: { route: '/channel' },
} satisfies Meta<typeof ChannelPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rate, rules, invite link (portal address with ?c=), invited count and two rebates (desc as text). */
export const Filled: Story = {
  parameters: { msw: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('channel-rate')).toHaveTextContent('10%');
    await expect(canvas.getByTestId('channel-invited')).toHaveTextContent('12 人');
    await expect(canvas.getByTestId('channel-rate-text')).toHaveTextContent('365 天内');
    await expect(canvas.getByTestId('channel-rate-text')).toHaveTextContent('满 500 元即可申请提现');
    await expect(canvas.getByTestId('channel-link')).toHaveTextContent('https://portal.example/?c=K7M2QX');
    const records = await canvas.findAllByTestId('reward-record');
    await expect(records).toHaveLength(2);
    await expect(within(records[0]!).getByTestId('reward-user')).toHaveTextContent('li***@example.com');
    await expect(within(records[0]!).getByTestId('reward-amount')).toHaveTextContent('+¥3.00');
    await expect(records[0]).toHaveTextContent('消费 ¥30.00');
    await expect(within(records[0]!).getByText('月付套餐 <b>Pro</b>')).toBeVisible();
    await expect(records[0]!.querySelector('b')).toBeNull();
  },
};

/** 复制邀请链接: the spec's toast (已复制到剪切板, or 复制失败 where the browser refuses). */
export const CopyInviteLink: Story = {
  parameters: { msw: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '复制邀请链接' }));
    await expectShown(() => within(document.body).findByText(/已复制到剪切板|复制失败/));
  },
};

/** A new channel with no invitees yet: 0 人 and 暂无记录. */
export const Empty: Story = {
  parameters: {
    msw: [apiHandler('channel/channel_info', info({ invitedCount: 0 })), apiHandler('channel/reward_list', [])],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('channel-invited')).toHaveTextContent('0 人');
    await expect(await canvas.findByText('暂无记录')).toBeVisible();
  },
};

/** openChannel off and no channel: no link, 邀请返利暂未开放. */
export const Closed: Story = {
  parameters: {
    msw: [
      apiHandler('channel/channel_info', info({ code: '', open: false, invitedCount: 0 })),
      apiHandler('channel/reward_list', []),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('channel-closed')).toHaveTextContent('邀请返利暂未开放');
    await expect(canvas.queryByTestId('channel-link')).toBeNull();
  },
};

const infoFailsThenLoads = apiSequence('channel/channel_info', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: info() },
]);

/** The channel info fails: the server's message and 重试, which loads it. */
export const LoadErrorWithRetry: Story = {
  parameters: { msw: [infoFailsThenLoads.handler, apiHandler('channel/reward_list', storyRewards)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('邀请信息加载失败')).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findByTestId('channel-link')).toHaveTextContent('K7M2QX');
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('channel/channel_info'), pendingHandler('channel/reward_list')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('channel-loading')).toBeVisible();
    await expect(canvas.getByTestId('channel-rewards-loading')).toBeVisible();
  },
};

const agencyCalls = apiSequence('channel/channel_info', [{ data: info() }]);

/** An agency user: no invite rebate, and nothing is asked of the BFF. */
export const AgencyUser: Story = {
  loaders: [() => prepare(demoUser({ is_agency_user: true }))],
  parameters: { msw: [agencyCalls.handler, apiHandler('channel/reward_list', [])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('channel-agency')).toHaveTextContent('代理账号不参与邀请返利');
    await expect(canvas.queryByTestId('channel-invite')).toBeNull();
    await expect(agencyCalls.calls).toHaveLength(0);
  },
};

/** 390 px wide (a phone): the link wraps, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: { msw: filled },
  decorators: [
    (Story) => (
      <Box w="390px" borderWidth="1px" data-testid="phone-frame">
        <Story />
      </Box>
    ),
  ],
  play: async (context) => {
    const canvas = within(context.canvasElement);
    await expect(await canvas.findAllByTestId('reward-record')).toHaveLength(2);
    const frame = canvas.getByTestId('phone-frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
