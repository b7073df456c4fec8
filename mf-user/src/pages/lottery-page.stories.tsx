import { Box } from '@chakra-ui/react';
import { Codes, GiB, type PrizeDraw, type PrizeInfo, type PrizeOffer } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectShown, expectToast, freeUser, prepare } from '../test/story-fixtures';
import LotteryPage from './lottery-page';

/** A 1×1 PNG standing in for an uploaded prize image. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const offer = (overrides: Partial<PrizeOffer>): PrizeOffer => ({
  _id: '665f1c2ab7e4d90012a3b001',
  name: '一等奖',
  desc: '',
  photoUrl: '',
  gainTraffic: 10 * GiB,
  gainVipTime: 0,
  hasDiscountCoupon: false,
  discountValue: 1,
  discountDuration: 1,
  probability: 0.05,
  ...overrides,
});

const storyPrizes: PrizeOffer[] = [
  offer({ name: '一等奖', gainTraffic: 100 * GiB, photoUrl: PNG_DATA_URL, desc: '百 G 大奖', probability: 0.05 }),
  offer({
    _id: '665f1c2ab7e4d90012a3b002',
    name: '二等奖',
    gainTraffic: 10 * GiB,
    gainVipTime: 3,
    hasDiscountCoupon: true,
    discountValue: 0.8,
    discountDuration: 7,
    probability: 0.15,
  }),
  offer({
    _id: '665f1c2ab7e4d90012a3b003',
    name: '谢谢参与',
    gainTraffic: 0,
    desc: '<b>下次好运</b>',
    probability: 0.8,
  }),
];

const draw = (overrides: Partial<PrizeDraw> = {}): PrizeDraw => ({
  _id: '665f1c2ab7e4d90012a3c001',
  prizeName: '谢谢参与',
  photoUrl: '',
  cost: GiB,
  gainTraffic: 0,
  gainVipTime: 0,
  coupon: null,
  time: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

const info = (overrides: Partial<PrizeInfo> = {}): PrizeInfo => ({
  cost: GiB,
  permanentTraffic: 12.5 * GiB,
  paidUser: true,
  prizes: storyPrizes,
  draws: [draw()],
  ...overrides,
});

const won = draw({
  _id: '665f1c2ab7e4d90012a3c002',
  prizeName: '二等奖',
  gainTraffic: 10 * GiB,
  gainVipTime: 3,
  coupon: { code: 'QWERTY', discount: 0.8, expireTime: '2026-12-01T10:00:00.000Z' },
  time: '2026-11-24T10:00:00.000Z',
});

const meta = {
  title: 'mf-user/LotteryPage',
  component: LotteryPage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/lottery', msw: [apiHandler('prize/info', info())] },
} satisfies Meta<typeof LotteryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The info call on its way: skeletons. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('prize/info')] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('lottery-loading')).toBeVisible();
  },
};

/** Prizes with images and chances (descriptions as text), the cost and the traffic left, one draw before. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('lottery-cost')).toHaveTextContent('1.00G');
    await expect(canvas.getByTestId('lottery-left')).toHaveTextContent('12.50G');
    const prizes = canvas.getAllByTestId('lottery-prize');
    await expect(prizes).toHaveLength(3);
    await expect(within(prizes[0]!).getByRole('img', { name: '奖品「一等奖」' })).toBeVisible();
    await expect(prizes[0]).toHaveTextContent('100.00G 流量');
    await expect(prizes[0]).toHaveTextContent('中奖概率 5.00%');
    await expect(prizes[1]).toHaveTextContent('会员 3 天');
    await expect(prizes[1]).toHaveTextContent('80%折扣券（7天有效）');
    await expect(prizes[2]).toHaveTextContent('未中奖');
    await expect(within(prizes[2]!).getByText('<b>下次好运</b>')).toBeVisible();
    await expect(prizes[2]!.querySelector('b')).toBeNull();
    await expect(canvas.getAllByTestId('lottery-record')).toHaveLength(1);
  },
};

const drawCall = apiSequence('prize/draw', [{ data: { draw: won, permanentTraffic: 21.5 * GiB } }]);

/** 抽奖 → confirmation → the result (prize, gains, the coupon's code) → the record on top, the traffic left updated. */
export const DrawAndWin: Story = {
  parameters: { msw: [drawCall.handler, apiHandler('prize/info', info()), apiHandler('user/userinfo', demoUser())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '抽奖' }));
    const dialog = await expectShown(() => within(document.body).findByRole('alertdialog', { name: '确认抽奖' }));
    await expect(dialog).toHaveTextContent('本次抽奖将消耗 1.00G 永久流量');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定抽奖' }));
    const result = await within(document.body).findByTestId('lottery-result');
    await expect(result).toHaveTextContent('恭喜获得「二等奖」');
    await expect(result).toHaveTextContent('10.00G 流量');
    await expect(result).toHaveTextContent('会员 3 天');
    await expect(within(result).getByTestId('lottery-coupon-code')).toHaveTextContent('QWERTY');
    await expect(drawCall.calls).toEqual([{}]);
    await userEvent.click(within(document.body).getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(within(document.body).queryByTestId('lottery-dialog')).toBeNull());
    await expect(canvas.getByTestId('lottery-left')).toHaveTextContent('21.50G');
    const records = canvas.getAllByTestId('lottery-record');
    await expect(records).toHaveLength(2);
    await expect(records[0]).toHaveTextContent('二等奖');
    await expect(records[0]).toHaveTextContent('QWERTY');
  },
};

const refusedDraw = apiSequence('prize/draw', [
  { data: null, code: Codes.PRIZE_NOT_ENOUGH_TRAFFIC, msg: '剩余永久流量不足' },
]);
const infoBeforeAfter = apiSequence('prize/info', [{ data: info() }, { data: info({ permanentTraffic: 0.5 * GiB }) }]);

/** The server refuses (traffic spent elsewhere meanwhile): its message, and the page shows its figures again. */
export const DrawRefused: Story = {
  parameters: { msw: [refusedDraw.handler, infoBeforeAfter.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: '抽奖' }));
    const dialog = await expectShown(() => within(document.body).findByRole('alertdialog', { name: '确认抽奖' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定抽奖' }));
    await expectToast('剩余永久流量不足');
    await waitFor(async () => expect(await canvas.findByTestId('lottery-left')).toHaveTextContent('0.50G'));
    // Now the page itself refuses, before any call.
    await userEvent.click(canvas.getByRole('button', { name: '抽奖' }));
    await expectToast('剩余永久流量不足');
    await expect(refusedDraw.calls).toHaveLength(1);
  },
};

/** A user who never paid: the reason is shown, and 抽奖 says it without a call. */
export const NotPaid: Story = {
  loaders: [() => prepare(freeUser())],
  parameters: { msw: [apiHandler('prize/info', info({ paidUser: false, draws: [] }))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('lottery-paid-only')).toHaveTextContent('付费用户才能参与抽奖');
    await userEvent.click(canvas.getByRole('button', { name: '抽奖' }));
    await expectToast('付费用户才能参与抽奖');
    await expect(within(document.body).queryByRole('alertdialog')).toBeNull();
    await expect(within(canvas.getByTestId('lottery-records')).getByText('暂无记录')).toBeVisible();
  },
};

/** No prize configured: 暂无记录 for prizes and draws; 抽奖 says there is nothing to win. */
export const NoPrizes: Story = {
  parameters: { msw: [apiHandler('prize/info', info({ prizes: [], draws: [] }))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByText('暂无记录')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: '抽奖' }));
    await expectToast('暂无可抽取的奖品');
  },
};

const failsThenLoads = apiSequence('prize/info', [
  { data: null, code: Codes.INTERNAL, msg: '服务器开小差了' },
  { data: info() },
]);

/** The info call fails: the server's message and 重试, which loads the page. */
export const LoadError: Story = {
  parameters: { msw: [failsThenLoads.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('服务器开小差了')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findByTestId('lottery-cost')).toHaveTextContent('1.00G');
  },
};

/** 360 px wide (a small phone): prizes as one column, long names wrap, nothing scrolls sideways. */
export const Phone: Story = {
  parameters: {
    msw: [
      apiHandler(
        'prize/info',
        info({
          prizes: [...storyPrizes, offer({ _id: '665f1c2ab7e4d90012a3b004', name: '超长名字的奖品'.repeat(4) })],
          draws: [won, draw()],
        }),
      ),
    ],
  },
  decorators: [
    (Story) => (
      <Box w="360px" borderWidth="1px" data-testid="phone-frame">
        <Story />
      </Box>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByTestId('lottery-prize')).toHaveLength(4);
    const frame = canvas.getByTestId('phone-frame');
    // Sub-pixel rounding may add 1 px; anything more would be content wider than the phone.
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
