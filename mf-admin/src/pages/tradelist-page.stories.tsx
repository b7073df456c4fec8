import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { storyOrder, storyTrades } from '../features/trades/story-data';
import { asAdmin, dialog, rows, rowWith } from '../test/story-fixtures';
import TradeListPage from './tradelist-page';

const listed = apiSequence('admin/trades/tradelist', [{ data: storyTrades }]);

const meta = {
  title: 'mf-admin/Screens/TradeListPage',
  component: TradeListPage,
  ...asAdmin,
  parameters: {
    route: '/admin_tradeList',
    msw: [listed.handler, apiHandler('admin/trades/get_order_for_trade', storyOrder)],
  },
} satisfies Meta<typeof TradeListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvas: HTMLElement) => rows(canvas, 'trades');

/**
 * The newest 100 by default; the count and the free text go to the call (and the address). The
 * screen is read-only: no 新增, 编辑 or 删除.
 */
export const CountAndFreeText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await list(canvasElement)).toHaveLength(3);
    await expect(listed.calls.at(-1)).toEqual({ requestNumber: 100, filterStr: '' });
    const count = canvas.getByLabelText('最近条数');
    await userEvent.clear(count);
    await userEvent.type(count, '20');
    await waitFor(() => expect(listed.calls.at(-1)).toEqual({ requestNumber: 20, filterStr: '' }));
    await userEvent.type(canvas.getByLabelText('筛选（邮箱、交易号、订单号、渠道）'), ' host1 ');
    await waitFor(() => expect(listed.calls.at(-1)).toEqual({ requestNumber: 20, filterStr: 'host1' }));
    await expect(canvas.queryByRole('button', { name: '新增' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: '编辑' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: '删除' })).toBeNull();
  },
};

/** Money in yuan, traffic in G, the back office's status labels (购买成功), pay modes in Chinese. */
export const Columns: Story = {
  play: async ({ canvasElement }) => {
    const [open, paid, wallet] = await list(canvasElement);
    await expect(open).toHaveTextContent('slow@example.com');
    await expect(open).toHaveTextContent('未支付');
    await expect(open).toHaveTextContent('99.90');
    await expect(open).toHaveTextContent('微信支付');
    await expect(paid).toHaveTextContent('购买成功');
    await expect(paid).toHaveTextContent('22.50');
    await expect(paid).toHaveTextContent('2.25');
    await expect(paid).toHaveTextContent('115.00');
    await expect(paid).toHaveTextContent('HOST1');
    await expect(paid).toHaveTextContent('手机');
    await expect(wallet).toHaveTextContent('钱包');
  },
};

/** 详情 on a row opens the order-detail dialog of that trade's order. */
export const OrderDetail: Story = {
  play: async ({ canvasElement }) => {
    const row = await rowWith(canvasElement, 'trades', 'buyer@example.com');
    await userEvent.click(within(row).getByRole('button', { name: '详情' }));
    const box = within(await dialog('订单详情'));
    await expect(await box.findByText('五元现金券')).toBeVisible();
    await expect(box.getByText('购买成功')).toBeVisible();
  },
};
