import { Codes } from '@portal/contracts';
import { apiSequence } from '@portal/storybook/api-mocks';
import { expect, fn, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, dialog } from '../../../test/story-fixtures';
import { storyOrder } from '../story-data';
import OrderDetailDialog from './order-detail-dialog';

const answered = apiSequence('admin/trades/get_order_for_trade', [{ data: storyOrder }]);
const failedOnce = apiSequence('admin/trades/get_order_for_trade', [
  { data: null, code: Codes.NOT_FOUND, msg: '订单不存在' },
  { data: { ...storyOrder, coupon_name: '', coupon_code: '', coupon_discount: 0, user_feedback: '', status: 'topay' } },
]);

const meta = {
  title: 'mf-admin/Trades/OrderDetailDialog',
  component: OrderDetailDialog,
  ...asAdmin,
  args: { orderId: storyOrder._id, onClose: fn() },
  parameters: { msw: [answered.handler] },
} satisfies Meta<typeof OrderDetailDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (box: HTMLElement, label: string) => box.querySelector(`[data-field="${label}"]`);

/** The order of the trade (spec-2 §3 order detail), money in yuan, 购买成功, the feedback as text. */
export const Loaded: Story = {
  play: async ({ args }) => {
    const box = await dialog('订单详情');
    await waitFor(() => expect(field(box, '商品')).toHaveTextContent('流量包 100G'));
    await expect(answered.calls.at(-1)).toEqual({ order_id: storyOrder._id });
    await expect(field(box, '订单号')).toHaveTextContent(storyOrder._id);
    await expect(field(box, '订单金额')).toHaveTextContent('¥30.00');
    await expect(field(box, '优惠券')).toHaveTextContent('五元现金券');
    await expect(field(box, '优惠券抵扣')).toHaveTextContent('¥5.00');
    await expect(field(box, '钱包抵扣')).toHaveTextContent('¥2.50');
    await expect(field(box, '在线支付金额')).toHaveTextContent('¥22.50');
    await expect(field(box, '状态')).toHaveTextContent('购买成功');
    await expect(field(box, '反馈')).toHaveTextContent('<b>到账慢</b>');
    await expect(box.querySelector('dd b')).toBeNull();
    await userEvent.click(within(box).getAllByRole('button', { name: '关闭' }).at(-1)!);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The server's message with 重试; a second try shows the order (无 where it has no coupon or feedback). */
export const ErrorThenRetry: Story = {
  parameters: { msw: [failedOnce.handler] },
  play: async () => {
    const box = within(await dialog('订单详情'));
    await expect(await box.findByText('订单不存在')).toBeVisible();
    await userEvent.click(box.getByRole('button', { name: '重试' }));
    const shown = await dialog('订单详情');
    await waitFor(() => expect(field(shown, '状态')).toHaveTextContent('未支付'));
    await expect(field(shown, '优惠券')).toHaveTextContent('无');
    await expect(field(shown, '反馈')).toHaveTextContent('无');
  },
};
