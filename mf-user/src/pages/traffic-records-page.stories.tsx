import { Box } from '@chakra-ui/react';
import { Codes, GiB, MiB, type TrafficRecord } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, prepare } from '../test/story-fixtures';
import TrafficRecordsPage from './traffic-records-page';

const record = (overrides: Partial<TrafficRecord>): TrafficRecord => ({
  _id: '1',
  type: 'buy',
  desc: '',
  trafficChange: 0,
  exemptionTraffic: 0,
  allTraffic: 60 * GiB,
  allSpend: 3 * GiB,
  day: '2026-11-23',
  updateTime: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

const storyRecords: TrafficRecord[] = [
  record({
    _id: '6',
    type: 'spend',
    desc: '节点使用',
    trafficChange: -850 * MiB,
    exemptionTraffic: 300 * MiB,
    allSpend: 3.5 * GiB,
    updateTime: '2026-11-23T15:20:00.000Z',
  }),
  record({ _id: '5', type: 'push_receive', desc: '领取转赠流量 16G', trafficChange: 16 * GiB, allTraffic: 76 * GiB }),
  record({
    _id: '4',
    type: 'push_spend',
    desc: '转赠流量 20G（对方获得 16G，手续费 4G）',
    trafficChange: -20 * GiB,
    updateTime: '2026-11-22T09:00:00.000Z',
  }),
  record({
    _id: '3',
    type: 'sign_use',
    desc: '每日签到 <b>奖励</b>',
    trafficChange: 200 * MiB,
    updateTime: '2026-11-21T08:00:00.000Z',
  }),
  record({
    _id: '2',
    type: 'buy',
    desc: '购买 月付套餐',
    trafficChange: 50 * GiB,
    updateTime: '2026-11-15T08:00:00.000Z',
  }),
];

const filled = [apiHandler('traffic/my_traffic_records', storyRecords)];

const meta = {
  title: 'mf-user/TrafficRecordsPage',
  component: TrafficRecordsPage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/traffic_records' },
} satisfies Meta<typeof TrafficRecordsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Newest first: type in Chinese, signed change (G, or M under 1 G), desc as text, totals. */
export const Filled: Story = {
  parameters: { msw: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('traffic-record');
    await expect(cards).toHaveLength(5);
    await expect(within(cards[0]!).getByTestId('traffic-record-type')).toHaveTextContent('使用消耗');
    await expect(within(cards[0]!).getByTestId('traffic-record-change')).toHaveTextContent('-850.00 M');
    await expect(cards[0]).toHaveTextContent('时长包抵扣 300.00 M');
    await expect(within(cards[1]!).getByTestId('traffic-record-type')).toHaveTextContent('接收转赠');
    await expect(within(cards[1]!).getByTestId('traffic-record-change')).toHaveTextContent('+16.00 G');
    await expect(within(cards[2]!).getByTestId('traffic-record-totals')).toHaveTextContent('累计流量 60.00 G');
    await expect(within(cards[2]!).getByTestId('traffic-record-totals')).toHaveTextContent('剩余 57.00 G');
    // Text from the records stays text.
    await expect(within(cards[3]!).getByText('每日签到 <b>奖励</b>')).toBeVisible();
    await expect(cards[3]!.querySelector('b')).toBeNull();
  },
};

/** The type filter: only that type's records; a type without records shows 暂无记录. */
export const FilterByType: Story = {
  parameters: { msw: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByTestId('traffic-record')).toHaveLength(5);
    const select = canvas.getByLabelText('记录类型');
    await userEvent.selectOptions(select, 'push_spend');
    await waitFor(() => expect(canvas.getAllByTestId('traffic-record')).toHaveLength(1));
    await expect(canvas.getByTestId('traffic-record-type')).toHaveTextContent('转赠');
    await userEvent.selectOptions(select, 'prize_reward');
    await expect(await canvas.findByText('暂无记录')).toBeVisible();
    await userEvent.selectOptions(select, '');
    await waitFor(() => expect(canvas.getAllByTestId('traffic-record')).toHaveLength(5));
  },
};

export const Empty: Story = {
  parameters: { msw: [apiHandler('traffic/my_traffic_records', [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};

const failsThenLoads = apiSequence('traffic/my_traffic_records', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: storyRecords },
]);

/** The records fail to load: the server's message and 重试, which loads them. */
export const LoadErrorWithRetry: Story = {
  parameters: { msw: [failsThenLoads.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('流量记录加载失败')).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findAllByTestId('traffic-record')).toHaveLength(5);
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('traffic/my_traffic_records')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('traffic-records-loading')).toBeVisible();
  },
};

/** 390 px wide (a phone): cards, long descriptions wrap, nothing scrolls sideways. */
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
    await expect(await canvas.findAllByTestId('traffic-record')).toHaveLength(5);
    const frame = canvas.getByTestId('phone-frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
