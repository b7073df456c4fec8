import { Box } from '@chakra-ui/react';
import { Codes, GiB, type Gift, type PushList } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectShown, expectToast, prepare } from '../test/story-fixtures';
import PushPage from './push-page';

const CODE_A = '3f9c2a7be41d4c0f8a6e5d2b1c0f9e8d';
const CODE_B = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CODE_C = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

const gift = (overrides: Partial<Gift> = {}): Gift => ({
  code: CODE_A,
  pushNumber: 20 * GiB,
  fee: 4 * GiB,
  receiveNumber: 16 * GiB,
  costRate: 0.2,
  state: 'created',
  createTime: '2026-11-23T10:00:00.000Z',
  receiveTime: null,
  direction: 'sent',
  ...overrides,
});

const rules = (overrides: Partial<PushList> = {}): PushList => ({
  minPushNum: 20,
  costRate: 0.2,
  permanentTraffic: 56.5 * GiB,
  pushList: [],
  ...overrides,
});

const storyGifts: Gift[] = [
  gift(),
  gift({
    code: CODE_B,
    pushNumber: 30 * GiB,
    fee: 6 * GiB,
    receiveNumber: 24 * GiB,
    state: 'received',
    createTime: '2026-11-21T08:00:00.000Z',
    receiveTime: '2026-11-21T09:30:00.000Z',
  }),
  gift({
    code: CODE_C,
    state: 'received',
    direction: 'received',
    createTime: '2026-11-20T08:00:00.000Z',
    receiveTime: '2026-11-20T12:00:00.000Z',
  }),
];

const filled = [apiHandler('push/list', rules({ pushList: storyGifts }))];

const meta = {
  title: 'mf-user/PushPage',
  component: PushPage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/push' },
} satisfies Meta<typeof PushPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name: string) => expectShown(() => within(document.body).findByRole('dialog', { name }));

/** No gifts yet: the figures, the rules and 暂无记录. */
export const Empty: Story = {
  parameters: { msw: [apiHandler('push/list', rules())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('push-available')).toHaveTextContent('56.50 G');
    await expect(canvas.getByText('最低转赠 20G，平台收取 20% 手续费；只有不限时流量可以转赠。')).toBeVisible();
    await expect(canvas.getByText('暂无记录')).toBeVisible();
  },
};

/** Gifts made (one waiting, one received) and one received from someone: states, amounts, codes. */
export const Filled: Story = {
  parameters: { msw: filled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('gift-card');
    await expect(cards).toHaveLength(3);
    await expect(within(cards[0]!).getByTestId('gift-state')).toHaveTextContent('未领取');
    await expect(within(cards[0]!).getByTestId('gift-code')).toHaveTextContent(CODE_A);
    await expect(within(cards[0]!).getByTestId('gift-amount')).toHaveTextContent('-20.00 G');
    await expect(cards[0]).toHaveTextContent('手续费：4.00 G');
    await expect(within(cards[0]!).getByTestId('gift-receive-number')).toHaveTextContent('16.00 G');
    await expect(within(cards[1]!).getByTestId('gift-state')).toHaveTextContent('已领取');
    await expect(cards[1]).toHaveTextContent('领取时间');
    await expect(cards[2]).toHaveTextContent('我领取的');
    await expect(within(cards[2]!).getByTestId('gift-amount')).toHaveTextContent('+16.00 G');
    await userEvent.click(within(cards[0]!).getByRole('button', { name: '复制转赠码' }));
    await expectShown(() => within(document.body).findByText(/已复制到剪切板|复制失败/));
  },
};

/** The gift dialog checks the amount in the page: whole G, the spec's 最低转赠{n}G, what is left. */
export const GiveChecksAmount: Story = {
  parameters: { msw: [apiHandler('push/list', rules({ minPushNum: 25 }))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '转赠流量' }));
    const give = await dialog('转赠流量');
    const amount = within(give).getByLabelText('转赠数量（G）');
    await userEvent.type(amount, '20');
    await userEvent.click(within(give).getByRole('button', { name: '确认转赠' }));
    await expect(await within(give).findByText('最低转赠25G')).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '60');
    await userEvent.click(within(give).getByRole('button', { name: '确认转赠' }));
    await expect(await within(give).findByText('可转赠的不限时流量不足（只有不限时流量可以转赠）')).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '2.5');
    await userEvent.click(within(give).getByRole('button', { name: '确认转赠' }));
    await expect(await within(give).findByText('请输入整数（单位 G）')).toBeVisible();
  },
};

const made = gift({ code: CODE_B, pushNumber: 30 * GiB, fee: 6 * GiB, receiveNumber: 24 * GiB });
const created = apiSequence('push/create', [{ data: made }]);
const listBeforeAfter = apiSequence<PushList>('push/list', [
  { data: rules() },
  { data: rules({ permanentTraffic: 26.5 * GiB, pushList: [made] }) },
]);

/** 30 G: the fee and what the receiver gets as it is typed, then the code with its copy button; the list reloads. */
export const GiveSuccess: Story = {
  parameters: { msw: [created.handler, listBeforeAfter.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '转赠流量' }));
    const give = await dialog('转赠流量');
    await userEvent.type(within(give).getByLabelText('转赠数量（G）'), '30');
    await expect(within(give).getByTestId('give-preview')).toHaveTextContent('手续费 6.00 G，对方将获得 24.00 G');
    await userEvent.click(within(give).getByRole('button', { name: '确认转赠' }));
    await expectToast('转赠成功，请把转赠码发给对方');
    await expect(await within(give).findByTestId('made-code')).toHaveTextContent(CODE_B);
    await expect(created.calls).toEqual([{ pushNumber: 30 }]);
    await waitFor(() => expect(canvas.getByTestId('push-available')).toHaveTextContent('26.50 G'));
    await expect(await canvas.findByTestId('gift-code')).toHaveTextContent(CODE_B);
    await userEvent.click(within(give).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(within(document.body).queryByTestId('give-dialog')).toBeNull());
  },
};

/** The server refuses (1038: the traffic went elsewhere meanwhile): its message in the dialog. */
export const GiveRefusedByServer: Story = {
  parameters: {
    msw: [
      apiHandler(
        'push/create',
        null,
        Codes.GIFT_NOT_ENOUGH_TRAFFIC,
        '可转赠的不限时流量不足（只有不限时流量可以转赠）',
      ),
      apiHandler('push/list', rules()),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '转赠流量' }));
    const give = await dialog('转赠流量');
    await userEvent.type(within(give).getByLabelText('转赠数量（G）'), '20');
    await userEvent.click(within(give).getByRole('button', { name: '确认转赠' }));
    await expect(await within(give).findByText('可转赠的不限时流量不足（只有不限时流量可以转赠）')).toBeVisible();
  },
};

const received = gift({
  code: CODE_C,
  state: 'received',
  direction: 'received',
  receiveTime: '2026-11-24T00:00:00.000Z',
});
const receivedCall = apiSequence('push/receive', [
  { data: null, code: Codes.GIFT_CODE_INVALID, msg: '转赠码不存在或已失效' },
  { data: received },
]);
const listAfterReceive = apiSequence<PushList>('push/list', [
  { data: rules() },
  { data: rules({ permanentTraffic: 72.5 * GiB, pushList: [received] }) },
]);

/** A wrong code (1040, the server's message), then the right one (spaces trimmed): toast and the card. */
export const ReceiveWrongThenRight: Story = {
  parameters: { msw: [receivedCall.handler, listAfterReceive.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '领取流量' }));
    const receive = await dialog('领取流量');
    await userEvent.click(within(receive).getByRole('button', { name: '领取' }));
    await expect(await within(receive).findByText('请输入转赠码')).toBeVisible();
    const input = within(receive).getByLabelText('转赠码');
    await userEvent.type(input, 'wrong-code');
    await userEvent.click(within(receive).getByRole('button', { name: '领取' }));
    await expect(await within(receive).findByText('转赠码不存在或已失效')).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, `  ${CODE_C} `);
    await userEvent.click(within(receive).getByRole('button', { name: '领取' }));
    await expectToast('领取成功，获得 16.00 G 流量');
    await expect(receivedCall.calls).toEqual([{ code: 'wrong-code' }, { code: CODE_C }]);
    await waitFor(() => expect(canvas.getByTestId('push-available')).toHaveTextContent('72.50 G'));
    await expect(await canvas.findByTestId('gift-state')).toHaveTextContent('已领取');
  },
};

/** 999 (something nobody foresaw): the spec's 未知错误. */
export const ReceiveUnknownError: Story = {
  parameters: { msw: [apiHandler('push/receive', null, Codes.UNKNOWN, 'x'), apiHandler('push/list', rules())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '领取流量' }));
    const receive = await dialog('领取流量');
    await userEvent.type(within(receive).getByLabelText('转赠码'), CODE_A);
    await userEvent.click(within(receive).getByRole('button', { name: '领取' }));
    await expect(await within(receive).findByText('未知错误')).toBeVisible();
  },
};

const listFailsThenLoads = apiSequence('push/list', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: rules({ pushList: storyGifts }) },
]);

/** The list fails to load: the server's message and 重试, which loads it. */
export const LoadErrorWithRetry: Story = {
  parameters: { msw: [listFailsThenLoads.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('转赠记录加载失败')).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findAllByTestId('gift-card')).toHaveLength(3);
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('push/list')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('push-loading')).toBeVisible();
  },
};

/** 390 px wide (a phone): cards, codes wrap, nothing scrolls sideways. */
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
    await expect(await canvas.findAllByTestId('gift-card')).toHaveLength(3);
    const frame = canvas.getByTestId('phone-frame');
    // Sub-pixel rounding may add 1 px; anything more would be content wider than the phone.
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
