import { Box } from '@chakra-ui/react';
import { Codes, GiB, type Order } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import {
  expect,
  expectShown,
  expectToast,
  openToasts,
  userEvent,
  waitFor,
  within,
  type Meta,
  type StoryObj,
} from '@portal/storybook/story-kit';
import { demoUser, order, page, prepare, withCoupon } from '../test/story-fixtures';
import OrderPage from './order-page';

const storyOrders: Order[] = [
  order({
    _id: '665f1c2ab7e4d90012a3c201',
    desc: '月付时长包',
    status: 'paied',
    add_traffic: 0,
    add_vip_duration: 33,
    create_time: '2026-11-18T09:00:00Z',
    pay_money: 0,
    order_money: 25,
  }),
  order({ _id: '665f1c2ab7e4d90012a3c202', desc: '流量包 100G', status: 'topay', create_time: '2026-11-20T08:30:00Z' }),
  withCoupon(
    order({
      _id: '665f1c2ab7e4d90012a3c203',
      desc: '季付畅享包',
      status: 'wallet_spend',
      order_money: 88,
      wallet_spend: 20,
      add_traffic: 50 * GiB,
      add_vip_duration: 90,
      create_time: '2026-11-19T12:00:00Z',
    }),
  ),
  order({
    _id: '665f1c2ab7e4d90012a3c204',
    desc: '流量包 10G',
    status: 'cancled',
    order_money: 5,
    add_traffic: 10 * GiB,
    create_time: '2026-11-01T10:00:00Z',
    user_feedback: '重复下单了',
  }),
];

const list = apiHandler('order/order_list', storyOrders);

const meta = {
  title: 'mf-shop/OrderPage',
  component: OrderPage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/order', msw: [list] },
} satisfies Meta<typeof OrderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The table's rows (the page is wider than md in the smoke run, so the table shows). */
const rows = (canvasElement: HTMLElement) => within(canvasElement).findAllByTestId('order-row');
const rowOf = async (canvasElement: HTMLElement, desc: string) =>
  (await rows(canvasElement)).find((row) => row.textContent?.includes(desc))!;

/** Newest first; status labels 成功 / 未支付 / 已取消; 取消 only on unpaid orders. */
export const AllOrders: Story = {
  play: async ({ canvasElement }) => {
    const table = await rows(canvasElement);
    await expect(table.map((r) => within(r).getByTestId('order-status').textContent)).toEqual([
      '未支付',
      '未支付',
      '成功',
      '已取消',
    ]);
    const paid = await rowOf(canvasElement, '月付时长包');
    await expect(paid).toHaveTextContent('33 天时长');
    await expect(within(paid).queryByRole('button', { name: '取消' })).toBeNull();
    const unpaid = await rowOf(canvasElement, '季付畅享包');
    await expect(unpaid).toHaveTextContent('¥83.00');
    await expect(unpaid).toHaveTextContent('50.00 GB 流量 + 90 天时长');
    await expect(within(unpaid).getByRole('button', { name: '取消' })).toBeVisible();
  },
};

/** 未支付 = topay + wallet_spend; the choice is kept in the address. */
export const FilterUnpaid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rows(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '未支付' }));
    // The filter lives in the address; the router applies it in a transition.
    await waitFor(() => expect(canvas.getByRole('button', { name: '未支付' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: '已支付' }));
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(1));
    await userEvent.click(canvas.getByRole('button', { name: '全部' }));
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(4));
  },
};

/** Opened with ?filter=paid: only the paid order. */
export const FilterPaidFromAddress: Story = {
  parameters: { route: '/order?filter=paid' },
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(1));
    await expect(within(canvasElement).getByRole('button', { name: '已支付' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Empty: Story = {
  parameters: { msw: [apiHandler('order/order_list', [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};

/** A filter with nothing in it is empty too. */
export const EmptyFilter: Story = {
  parameters: { route: '/order?filter=paid', msw: [apiHandler('order/order_list', [storyOrders[1]])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('order/order_list')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('order-loading')).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: [apiHandler('order/order_list', null, Codes.UNAVAILABLE, '服务暂时不可用，请稍后再试')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('订单加载失败')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '重试' })).toBeVisible();
  },
};

/** A visitor is asked to log in; nothing is fetched. */
export const Visitor: Story = {
  loaders: [() => prepare(null)],
  parameters: { msw: [apiHandler('order/order_list', null, Codes.INTERNAL, 'must not be called')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('登录后查看订单记录')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/login');
  },
};

const cancelOk = apiSequence('order/cancel_order', [{ data: null }]);

export const Cancel: Story = {
  parameters: { msw: [list, cancelOk.handler] },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, '流量包 100G');
    await userEvent.click(within(row).getByRole('button', { name: '取消' }));
    await expectToast('订单已取消');
    await expect(cancelOk.calls.at(-1)).toEqual({ order_id: '665f1c2ab7e4d90012a3c202' });
    await waitFor(() => expect(within(row).getByTestId('order-status')).toHaveTextContent('已取消'));
    await expect(within(row).queryByRole('button', { name: '取消' })).toBeNull();
  },
};

/** 1026 (no longer cancellable) is silently ignored: no toast, nothing changes. */
export const CancelNotCancellable: Story = {
  parameters: { msw: [list, apiHandler('order/cancel_order', null, Codes.ORDER_NOT_CANCELLABLE, 'paid')] },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, '流量包 100G');
    await userEvent.click(within(row).getByRole('button', { name: '取消' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(openToasts()).toEqual([]);
    await expect(within(row).getByTestId('order-status')).toHaveTextContent('未支付');
  },
};

export const CancelFails: Story = {
  parameters: { msw: [list, apiHandler('order/cancel_order', null, Codes.INTERNAL, 'x')] },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, '流量包 100G');
    await userEvent.click(within(row).getByRole('button', { name: '取消' }));
    await expectToast('订单取消失败');
  },
};

const feedbackSent = apiSequence('order/feedback', [{ data: null }]);
const feedbackDialog = () => expectShown(() => page().findByRole('dialog', { name: '订单问题反馈' }));

/** Required and at most 30 characters, with the spec's hint; then sent (trimmed). */
export const Feedback: Story = {
  parameters: { msw: [list, feedbackSent.handler] },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, '流量包 100G');
    await userEvent.click(within(row).getByRole('button', { name: '反馈' }));
    const box = within(await feedbackDialog());
    await expect(box.getByText('简单描述，不要超过30字，管理员尽快处理（0/30）')).toBeVisible();
    await userEvent.click(box.getByRole('button', { name: '提交' }));
    await expect(await box.findByTestId('order-feedback-error')).toHaveTextContent(
      '简单描述，不要超过30字，管理员尽快处理',
    );
    const input = box.getByLabelText(/问题描述/);
    await userEvent.type(input, '付'.repeat(31));
    await userEvent.click(box.getByRole('button', { name: '提交' }));
    await expect(box.getByTestId('order-feedback-error')).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, '  付款后没有到账  ');
    await userEvent.click(box.getByRole('button', { name: '提交' }));
    await expectToast('反馈已提交');
    await expect(feedbackSent.calls.at(-1)).toEqual({ order_id: '665f1c2ab7e4d90012a3c202', msg: '付款后没有到账' });
  },
};

export const FeedbackFails: Story = {
  parameters: { msw: [list, apiHandler('order/feedback', null, Codes.INTERNAL, 'x')] },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, '流量包 10G');
    await userEvent.click(within(row).getByRole('button', { name: '反馈' }));
    const box = within(await feedbackDialog());
    await expect(box.getByTestId('order-feedback-earlier')).toHaveTextContent('重复下单了');
    await userEvent.type(box.getByLabelText(/问题描述/), '请帮忙看一下');
    await userEvent.click(box.getByRole('button', { name: '提交' }));
    await expectToast('未知错误');
  },
};

/** 详情 lists every field of the order. */
export const Detail: Story = {
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, '季付畅享包');
    await userEvent.click(within(row).getByRole('button', { name: '详情' }));
    const box = await expectShown(() => page().findByRole('dialog', { name: '订单详情' }));
    for (const text of [
      '665f1c2ab7e4d90012a3c203',
      '¥88.00',
      '立减 5 元（SAVE5）',
      '现金券',
      '¥20.00',
      '未支付',
      '50.00 GB',
      '90 天',
    ]) {
      await expect(box).toHaveTextContent(text);
    }
  },
};

/** Back from a payment provider (?alipay_pay=1): the purchase-success toast. */
export const PurchaseReturn: Story = {
  parameters: {
    route: '/order?alipay_pay=1',
    msw: [list, apiHandler('user/userinfo', demoUser()), apiHandler('permission/mypermissions', [])],
  },
  play: async () => {
    await expectToast('购买成功');
  },
};

/** 375 px wide: cards instead of the table. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <Box w="375px" borderWidth="1px" p="2">
        <Story />
      </Box>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('order-card');
    await expect(cards).toHaveLength(4);
    for (const card of cards) await expect(card).toBeVisible();
    await expect(canvas.getByTestId('order-table')).not.toBeVisible();
    const unpaid = cards.find((card) => card.textContent?.includes('流量包 100G'))!;
    await expect(within(unpaid).getByRole('button', { name: '取消' })).toBeVisible();
    const list = canvas.getByTestId('order-cards');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth + 1);
  },
};
