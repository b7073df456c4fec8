import { Box } from '@chakra-ui/react';
import { Codes, type Order } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import {
  expect,
  expectShown,
  expectToast,
  userEvent,
  waitFor,
  within,
  type Meta,
  type StoryObj,
} from '@portal/storybook/story-kit';
import {
  demoUser,
  order,
  page,
  payment,
  payModesOn,
  prepare,
  storyCombos,
  trade,
  tradeId,
  USDT_ADDRESS,
  wallet,
  withCoupon,
} from '../test/story-fixtures';
import ShopPage from './shop-page';

const list = apiHandler('shop/list', storyCombos);
const session = [apiHandler('user/userinfo', demoUser()), apiHandler('permission/mypermissions', [])];

const meta = {
  title: 'mf-shop/ShopPage',
  component: ShopPage,
  loaders: [() => prepare(demoUser())],
  parameters: { route: '/shop', msw: [list] },
} satisfies Meta<typeof ShopPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const buy = async (canvasElement: HTMLElement, name: string) =>
  userEvent.click(await within(canvasElement).findByRole('button', { name: `购买 ${name}` }));
const confirmDialog = () => expectShown(() => page().findByRole('dialog', { name: '确认订单' }));

type Handler = ReturnType<typeof apiHandler>;

/**
 * The calls of one purchase: the list, the new order, the wallet, and then whatever the story
 * gives for wallet_check, dobuy and trade_status.
 */
function purchase({
  order: made = order(),
  money = 0,
  walletCheck = apiHandler('shop/wallet_check', made),
  rest = [],
}: {
  order?: Order;
  money?: number;
  walletCheck?: Handler;
  rest?: Handler[];
}): Handler[] {
  return [
    list,
    apiHandler('shop/create_order', made),
    apiHandler('wallet/mywallet', wallet(money)),
    payModesOn(),
    walletCheck,
    ...rest,
  ];
}

/** Buys the 100 GB product, picks a payment method (when given) and presses 确认支付. */
async function buyAndPay(canvasElement: HTMLElement, mode?: string) {
  await buy(canvasElement, '流量包 100G');
  const confirm = within(await confirmDialog());
  if (mode) await userEvent.click(await confirm.findByRole('radio', { name: mode }));
  // Enabled once the balance and the enabled methods are known.
  const pay = confirm.getByRole('button', { name: '确认支付' });
  await waitFor(() => expect(pay).toBeEnabled());
  await userEvent.click(pay);
  return confirm;
}

/** Cards in the products' order (orderID), the note block below. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByTestId('combo-card');
    await expect(cards.map((c) => c.getAttribute('data-combo-id')?.slice(-1))).toEqual(['1', '2', '3', '4', '5']);
    await expect(canvas.getByTestId('shop-notes')).toHaveTextContent('永久有效');
    await expect(canvas.getByTestId('shop-notes')).toHaveTextContent('钱包');
    await expect(canvas.getByRole('link', { name: '问题反馈' })).toHaveAttribute('href', '/feedback');
  },
};

/** 375 px wide: one column, nothing wider than the screen. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <Box w="375px" borderWidth="1px" p="2">
        <Story />
      </Box>
    ),
  ],
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByTestId('combo-list');
    await expect(grid.scrollWidth).toBeLessThanOrEqual(grid.clientWidth + 1);
    const cards = within(grid).getAllByTestId('combo-card');
    await expect(cards[0]!.getBoundingClientRect().width).toBeLessThanOrEqual(375);
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('shop/list')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('shop-loading')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: [apiHandler('shop/list', [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};

const failingThenLoaded = apiSequence('shop/list', [
  { data: null, code: Codes.UNAVAILABLE, msg: '服务暂时不可用，请稍后再试' },
  { data: storyCombos },
]);

/** A failed list shows the server's message and 重试, which loads it again. */
export const Failed: Story = {
  parameters: { msw: [failingThenLoaded.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('商品加载失败')).toBeVisible();
    await expect(canvas.getByText('服务暂时不可用，请稍后再试')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findAllByTestId('combo-card')).toHaveLength(5);
  },
};

/** Visitors see the cards; buying asks them to log in first. */
export const VisitorBuys: Story = {
  loaders: [() => prepare(null)],
  play: async ({ canvasElement }) => {
    await buy(canvasElement, '流量包 100G');
    await expectToast('暂未登录，请登录');
  },
};

/** Buying opens the confirm dialog with the new order. */
export const BuyOpensConfirm: Story = {
  parameters: { msw: purchase({ money: 12.5 }) },
  play: async ({ canvasElement }) => {
    await buy(canvasElement, '流量包 100G');
    const box = within(await confirmDialog());
    await expect(box.getByTestId('confirm-product')).toHaveTextContent('流量包 100G');
    await waitFor(async () => expect(await box.findByTestId('confirm-to-pay')).toHaveTextContent('¥17.50'));
  },
};

export const CreateOrderFails: Story = {
  parameters: { msw: [list, apiHandler('shop/create_order', null, Codes.COMBO_UNAVAILABLE, '商品不存在或已下架')] },
  play: async ({ canvasElement }) => {
    await buy(canvasElement, '月付时长包');
    await expectToast('创建订单失败:商品不存在或已下架');
  },
};

const cancelled = apiSequence('order/cancel_order', [{ data: null }]);

/** Closing the confirm dialog without paying cancels the order, which frees its coupon. */
export const DismissCancelsOrder: Story = {
  parameters: { msw: purchase({ rest: [cancelled.handler] }) },
  play: async ({ canvasElement }) => {
    const before = cancelled.calls.length;
    await buy(canvasElement, '流量包 100G');
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: '返回' }));
    await waitFor(() => expect(cancelled.calls.length).toBe(before + 1));
    await expect(cancelled.calls.at(-1)).toEqual({ order_id: order()._id });
  },
};

const covered = withCoupon();

/** The wallet covers it: dobuy answers paied, a success toast, and home 5 s later. */
export const PaidByWallet: Story = {
  parameters: {
    msw: purchase({
      order: covered,
      money: 100,
      walletCheck: apiHandler('shop/wallet_check', {
        ...covered,
        wallet_spend: 25,
        pay_money: 0,
        status: 'wallet_spend',
      }),
      rest: [apiHandler('shop/dobuy', payment({ status: 'paied', request_pay_amound: 0 })), ...session],
    }),
  },
  play: async ({ canvasElement }) => {
    await buy(canvasElement, '流量包 100G');
    const box = within(await confirmDialog());
    await expect(await box.findByTestId('confirm-wallet-covers')).toBeVisible();
    await userEvent.click(box.getByRole('button', { name: '确认支付' }));
    await expectToast('支付成功，5秒后返回首页');
    await waitFor(() => expect(page().queryByRole('dialog', { name: '确认订单' })).toBeNull());
  },
};

const dobuy = apiSequence('shop/dobuy', [{ data: payment({ qrcode: 'https://pay.example/sandbox/pay?trade=1' }) }]);
const polled = apiSequence('shop/trade_status', [{ data: trade('topay') }, { data: trade('paied') }]);

/** Alipay on a computer: the QR dialog, trade_status every 3 s, then paid. */
export const AlipayPaidWhilePolling: Story = {
  parameters: { msw: purchase({ rest: [dobuy.handler, polled.handler, ...session] }) },
  play: async ({ canvasElement }) => {
    await buyAndPay(canvasElement);
    await expectShown(() => page().findByRole('dialog', { name: '支付宝扫码支付' }));
    const sent = dobuy.calls.at(-1)!;
    await expect(sent).toMatchObject({ order_id: order()._id, pay_mode: 'alipay', isMobile: false });
    await expect(String(sent.return_url)).toMatch(/#\/order\?alipay_pay=1$/);
    await expectShown(() => page().findByText('支付成功，5秒后返回首页', {}, { timeout: 9000 }));
    await waitFor(() => expect(page().queryByRole('dialog', { name: '支付宝扫码支付' })).toBeNull());
  },
};

const waiting = apiSequence('shop/trade_status', [{ data: trade('topay') }]);

/** Closing the payment dialog stops the polling: no trade_status call after it. */
export const ClosingStopsPolling: Story = {
  parameters: {
    msw: purchase({
      rest: [apiHandler('shop/dobuy', payment({ qrcode: 'weixin://wxpay/bizpayurl?pr=demo' })), waiting.handler],
    }),
  },
  play: async ({ canvasElement }) => {
    await buyAndPay(canvasElement, '微信支付');
    const qr = await expectShown(() => page().findByRole('dialog', { name: '微信扫码支付' }));
    const before = waiting.calls.length;
    await waitFor(() => expect(waiting.calls.length).toBeGreaterThan(before), { timeout: 5000 });
    await expect(waiting.calls.at(-1)).toEqual({ trade_id: tradeId });
    await userEvent.click(within(qr).getAllByRole('button', { name: '关闭' })[0]!);
    await expectToast('订单尚未完成支付。如已付款请稍候到账；未支付的订单可在「订单记录」中取消。');
    const atClose = waiting.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await expect(waiting.calls.length).toBe(atClose);
  },
};

/** The trade closes while its dialog is open (the order expired): the dialog goes, a toast says why. */
export const TradeClosedWhilePaying: Story = {
  parameters: {
    msw: purchase({
      rest: [
        apiHandler('shop/dobuy', payment({ qrcode: 'https://pay.example/sandbox/pay?trade=1' })),
        apiHandler('shop/trade_status', trade('cancled')),
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    await buyAndPay(canvasElement);
    await expectShown(() => page().findByRole('dialog', { name: '支付宝扫码支付' }));
    await expectShown(() =>
      page().findByText('支付已关闭（订单已取消或已过期）。如已付款，款项已存入您的钱包。', {}, { timeout: 6000 }),
    );
    await waitFor(() => expect(page().queryByRole('dialog', { name: '支付宝扫码支付' })).toBeNull());
  },
};

/** wallet_check refused: 订单确认出错, and the dialog stays. */
export const WalletCheckFails: Story = {
  parameters: { msw: purchase({ money: 5, walletCheck: apiHandler('shop/wallet_check', null, Codes.INTERNAL, 'x') }) },
  play: async ({ canvasElement }) => {
    await buyAndPay(canvasElement);
    await expectToast('订单确认出错');
    await expect(page().getByRole('dialog', { name: '确认订单' })).toBeVisible();
  },
};

/** dobuy 1017: the coupon's use limit; the dialog stays for another try. */
export const BuyCouponLimit: Story = {
  parameters: { msw: purchase({ rest: [apiHandler('shop/dobuy', null, Codes.COUPON_USED, 'limit')] }) },
  play: async ({ canvasElement }) => {
    await buyAndPay(canvasElement);
    await expectToast('优惠券使用次数已达上限（取消未完成的订单可释放）');
  },
};

export const BuyFails: Story = {
  parameters: { msw: purchase({ rest: [apiHandler('shop/dobuy', null, Codes.UNKNOWN, 'x')] }) },
  play: async ({ canvasElement }) => {
    await buyAndPay(canvasElement);
    await expectToast('创建订单失败，请稍后重试');
  },
};

/** USDT through the whole flow: the USDT dialog with the exact amount. */
export const UsdtFlow: Story = {
  parameters: {
    msw: purchase({
      rest: [
        apiHandler(
          'shop/dobuy',
          payment({ usdtAdress: USDT_ADDRESS, request_pay_amound_usdt: 4.167, third_pay_platform: 'usdt' }),
        ),
        apiHandler('shop/trade_status', trade('topay')),
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    await buyAndPay(canvasElement, 'USDT（TRC20）');
    const usdt = await expectShown(() => page().findByRole('dialog', { name: 'USDT 支付' }));
    await expect(within(usdt).getByTestId('usdt-amount')).toHaveTextContent('4.167 USDT');
  },
};
