import { Codes } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import {
  expect,
  expectShown,
  expectToast,
  fn,
  userEvent,
  waitFor,
  within,
  type Meta,
  type StoryObj,
} from '@portal/storybook/story-kit';
import { demoUser, order, page, payModesOn, prepare, wallet, withCoupon } from '../../../test/story-fixtures';
import OrderConfirmDialog from './order-confirm-dialog';

const desktop = { mobile: false, wechat: false };

const meta = {
  title: 'mf-shop/Shop/OrderConfirmDialog',
  component: OrderConfirmDialog,
  loaders: [() => prepare(demoUser())],
  parameters: { msw: [payModesOn(), apiHandler('wallet/mywallet', wallet(0))] },
  args: { order: order(), onOrderChange: fn(), onPay: fn(async () => undefined), onClose: fn(), device: desktop },
} satisfies Meta<typeof OrderConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const confirmDialog = () => expectShown(() => page().findByRole('dialog', { name: '确认订单' }));
const figure = async (testId: string) => within(await confirmDialog()).findByTestId(testId);

/** An empty wallet and no coupon: the whole price is to pay; Alipay is picked first. */
export const NoCoupon: Story = {
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    await expect(box.getByTestId('confirm-product')).toHaveTextContent('流量包 100G');
    await expect(await box.findByTestId('confirm-wallet-balance')).toHaveTextContent('¥0.00');
    await expect(box.getByTestId('confirm-to-pay')).toHaveTextContent('¥30.00');
    await expect(await box.findByRole('radio', { name: '支付宝' })).toBeChecked();
    await expect(box.queryByRole('radio', { name: '支付宝 App' })).toBeNull();
    await userEvent.click(box.getByRole('radio', { name: '微信支付' }));
    await userEvent.click(box.getByRole('button', { name: '确认支付' }));
    await expect(args.onPay).toHaveBeenCalledWith(args.order, 'wxpay');
  },
};

const applied = apiSequence('coupon/orderUseCoupon', [{ data: withCoupon() }]);

/** The code is trimmed before it is sent; the updated order goes to the owner. */
export const ApplyCoupon: Story = {
  parameters: { msw: [payModesOn(), apiHandler('wallet/mywallet', wallet(0)), applied.handler] },
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    await userEvent.type(box.getByLabelText('优惠券'), '  SAVE5  ');
    await userEvent.click(box.getByRole('button', { name: '使用' }));
    await expectToast('优惠券已使用');
    await expect(applied.calls.at(-1)).toEqual({ order_id: args.order._id, code: 'SAVE5' });
    await expect(args.onOrderChange).toHaveBeenCalledWith(withCoupon());
  },
};

/** An order with a coupon: its name and discount, 取消使用, and the amount after it. */
export const WithCoupon: Story = {
  args: { order: withCoupon() },
  parameters: {
    msw: [payModesOn(), apiHandler('wallet/mywallet', wallet(0)), apiHandler('coupon/orderCancleCoupon', order())],
  },
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    await expect(box.getByTestId('confirm-coupon-used')).toHaveTextContent('立减 5 元（SAVE5）');
    await expect(box.getByTestId('confirm-coupon-discount')).toHaveTextContent('-¥5.00');
    await expect(await figure('confirm-to-pay')).toHaveTextContent('¥25.00');
    await userEvent.click(box.getByRole('button', { name: '取消使用' }));
    await expectToast('已取消使用优惠券');
    await expect(args.onOrderChange).toHaveBeenCalledWith(order());
  },
};

export const CouponEmpty: Story = {
  play: async () => {
    const box = within(await confirmDialog());
    await userEvent.type(box.getByLabelText('优惠券'), '   ');
    await userEvent.click(box.getByRole('button', { name: '使用' }));
    await expect(await box.findByTestId('confirm-coupon-error')).toHaveTextContent('优惠券不能为空');
  },
};

/** 1029: the catalogue's text, under the field and as a toast. */
export const CouponExpired: Story = {
  parameters: {
    msw: [
      payModesOn(),
      apiHandler('wallet/mywallet', wallet(0)),
      apiHandler('coupon/orderUseCoupon', null, Codes.COUPON_EXPIRED, 'expired'),
    ],
  },
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    await userEvent.type(box.getByLabelText('优惠券'), 'OLD');
    await userEvent.click(box.getByRole('button', { name: '使用' }));
    await expect(await box.findByTestId('confirm-coupon-error')).toHaveTextContent('优惠券已过期');
    await expectToast('优惠券已过期');
    await expect(args.onOrderChange).not.toHaveBeenCalled();
  },
};

export const CouponCancelFails: Story = {
  args: { order: withCoupon() },
  parameters: {
    msw: [
      payModesOn(),
      apiHandler('wallet/mywallet', wallet(0)),
      apiHandler('coupon/orderCancleCoupon', null, Codes.INTERNAL, 'no'),
    ],
  },
  play: async () => {
    const box = within(await confirmDialog());
    await userEvent.click(box.getByRole('button', { name: '取消使用' }));
    await expectToast('取消使用优惠券失败，请稍后重试');
  },
};

/** The wallet pays part: ¥12.50 off, ¥17.50 left to pay. */
export const WalletPartial: Story = {
  parameters: { msw: [payModesOn(), apiHandler('wallet/mywallet', wallet(12.5))] },
  play: async () => {
    await waitFor(async () => expect(await figure('confirm-wallet-spend')).toHaveTextContent('-¥12.50'));
    await expect(await figure('confirm-to-pay')).toHaveTextContent('¥17.50');
    await expect(page().queryByTestId('confirm-one-yuan-rule')).toBeNull();
  },
};

/** A shortfall under 1 yuan: the wallet deducts one yuan less, so ¥1.50 is left to pay. */
export const WalletOneYuanRule: Story = {
  parameters: { msw: [payModesOn(), apiHandler('wallet/mywallet', wallet(29.5))] },
  play: async () => {
    await waitFor(async () => expect(await figure('confirm-wallet-spend')).toHaveTextContent('-¥28.50'));
    await expect(await figure('confirm-to-pay')).toHaveTextContent('¥1.50');
    await expect(await figure('confirm-one-yuan-rule')).toBeVisible();
  },
};

/** The wallet covers everything after the coupon: no payment method to pick. */
export const WalletCoversAll: Story = {
  args: { order: withCoupon() },
  parameters: { msw: [payModesOn(), apiHandler('wallet/mywallet', wallet(100))] },
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    await expect(await box.findByTestId('confirm-wallet-covers')).toBeVisible();
    await expect(box.getByTestId('confirm-wallet-spend')).toHaveTextContent('-¥25.00');
    await expect(box.getByTestId('confirm-to-pay')).toHaveTextContent('¥0.00');
    await expect(box.queryByRole('group', { name: '支付方式' })).toBeNull();
    await userEvent.click(box.getByRole('button', { name: '确认支付' }));
    await expect(args.onPay).toHaveBeenCalledTimes(1);
  },
};

/** The balance cannot be read: the preview says so and the server's deduction decides. */
const walletDownThenUp = apiSequence('wallet/mywallet', [
  { code: Codes.INTERNAL, msg: 'down', data: wallet(0) },
  { data: wallet(10) },
]);

/** The balance could not be read: said so (the server's deduction prevails), with a retry that reads it again. */
export const WalletFailed: Story = {
  parameters: { msw: [payModesOn(), walletDownThenUp.handler] },
  play: async () => {
    await expect(await figure('confirm-wallet-error')).toHaveTextContent('钱包余额获取失败');
    await expect(await figure('confirm-to-pay')).toHaveTextContent('¥30.00');
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: '重试' }));
    await expect(await figure('confirm-wallet-balance')).toHaveTextContent('¥10.00');
    await expect(await figure('confirm-to-pay')).toHaveTextContent('¥20.00');
  },
};

/** While the balance loads, 确认支付 waits. */
export const WalletLoading: Story = {
  parameters: { msw: [payModesOn(), pendingHandler('wallet/mywallet')] },
  play: async () => {
    const box = within(await confirmDialog());
    await expect(box.getByRole('button', { name: '确认支付' })).toBeDisabled();
  },
};

/** On a phone the Alipay app scheme is offered too, next to Alipay. */
export const Phone: Story = {
  args: { device: { mobile: true, wechat: false } },
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    const names = (await box.findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent);
    await expect(names).toEqual(['支付宝', '支付宝 App', '微信支付', 'USDT（TRC20）']);
    await userEvent.click(box.getByRole('button', { name: '返回' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Methods the server has switched off are not offered: only USDT here, picked at once. */
export const MethodsSwitchedOff: Story = {
  parameters: { msw: [payModesOn(['usdt']), apiHandler('wallet/mywallet', wallet(0))] },
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    const usdt = await box.findByRole('radio', { name: 'USDT（TRC20）' });
    await expect(usdt).toBeChecked();
    await expect(box.getAllByRole('radio')).toHaveLength(1);
    await userEvent.click(box.getByRole('button', { name: '确认支付' }));
    await expect(args.onPay).toHaveBeenCalledWith(args.order, 'usdt');
  },
};

/** No method this device can use is switched on: the user is told, and 确认支付 stays off. */
export const NoMethodAvailable: Story = {
  args: { device: { mobile: false, wechat: true } },
  parameters: { msw: [payModesOn(['alipay', 'urlscheme']), apiHandler('wallet/mywallet', wallet(0))] },
  play: async ({ args }) => {
    const box = within(await confirmDialog());
    await expect(await box.findByTestId('confirm-no-pay-mode')).toHaveTextContent('暂无可用的支付方式');
    await expect(box.queryAllByRole('radio')).toHaveLength(0);
    await expect(box.getByRole('button', { name: '确认支付' })).toBeDisabled();
    await expect(args.onPay).not.toHaveBeenCalled();
  },
};
