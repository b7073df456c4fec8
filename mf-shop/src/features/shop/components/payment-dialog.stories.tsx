import { qrMessages } from '@portal/contracts';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import {
  expect,
  expectShown,
  fn,
  userEvent,
  waitFor,
  within,
  type Meta,
  type StoryObj,
} from '@portal/storybook/story-kit';
import { page, prepare, trade, tradeId, USDT_ADDRESS, demoUser } from '../../../test/story-fixtures';
import PaymentDialog from './payment-dialog';

const stillWaiting = apiHandler('shop/trade_status', trade('topay'));

const meta = {
  title: 'mf-shop/Shop/PaymentDialog',
  component: PaymentDialog,
  loaders: [() => prepare(demoUser())],
  parameters: { msw: [stillWaiting] },
  args: {
    view: { kind: 'qr', mode: 'alipay', content: 'https://pay.example/sandbox/pay?trade=665f1c2ab7e4d90012a3d001' },
    tradeId,
    amount: 30,
    onClose: fn(),
    onPaid: fn(),
    onTradeClosed: fn(),
    device: 'desktop',
    openUrl: fn(),
  },
} satisfies Meta<typeof PaymentDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (name: string) => expectShown(() => page().findByRole('dialog', { name }));

/** Alipay on a computer: the QR code of the payment, drawn 1 s after opening. */
export const AlipayDesktop: Story = {
  play: async () => {
    const box = await dialog('支付宝扫码支付');
    await expect(box).toHaveTextContent('支付金额 ¥30.00');
    await waitFor(() => expect(within(box).getByTestId('qr-canvas')).toHaveAttribute('data-drawn', 'true'), {
      timeout: 4000,
    });
  },
};

/** WeChat Pay on a phone: the QR dialog adds the three album steps. */
export const WxpayMobile: Story = {
  args: { view: { kind: 'qr', mode: 'wxpay', content: 'weixin://wxpay/bizpayurl?pr=demo' }, device: 'mobile' },
  play: async () => {
    const box = await dialog('微信扫码支付');
    const steps = within(box).getByTestId('qr-wxpay-steps');
    for (const step of qrMessages.wxpaySteps) await expect(steps).toHaveTextContent(step);
  },
};

/** WeChat Pay on a computer: scan with a phone. */
export const WxpayDesktop: Story = {
  args: { view: { kind: 'qr', mode: 'wxpay', content: 'weixin://wxpay/bizpayurl?pr=demo' } },
  play: async () => {
    const box = await dialog('微信扫码支付');
    await expect(within(box).getByText(qrMessages.scanWithPhone)).toBeVisible();
  },
};

/** USDT: TRC20 address with its QR code, the exact amount to 3 decimals, copy buttons, the deadline. */
export const Usdt: Story = {
  args: {
    view: { kind: 'usdt', address: USDT_ADDRESS, amountUsdt: 4.2 },
    amount: 30,
    expireTime: '2026-11-21T10:30:00',
  },
  play: async () => {
    const box = await dialog('USDT 支付');
    const inside = within(box);
    await expect(inside.getByTestId('usdt-amount')).toHaveTextContent('4.200 USDT');
    await expect(inside.getByTestId('usdt-address')).toHaveTextContent(USDT_ADDRESS);
    await expect(inside.getByTestId('usdt-exact-note')).toHaveTextContent('精确到小数点后 3 位');
    await expect(inside.getByTestId('usdt-deadline')).toHaveTextContent('请在 10:30 前完成转账');
    await expect(inside.getByText('约合 ¥30.00')).toBeVisible();
    await waitFor(() =>
      expect(inside.getByRole('img', { name: 'USDT 收款地址二维码' })).toHaveAttribute('data-drawn', 'true'),
    );
    await userEvent.click(inside.getByRole('button', { name: '复制地址' }));
    await expectShown(() => page().findByText(/已复制到剪切板|复制失败/));
  },
};

/** Without a deadline from the server, the settings' default check window is stated. */
export const UsdtDefaultDeadline: Story = {
  args: { view: { kind: 'usdt', address: USDT_ADDRESS, amountUsdt: 13.889 } },
  play: async () => {
    const box = await dialog('USDT 支付');
    await expect(within(box).getByTestId('usdt-amount')).toHaveTextContent('13.889 USDT');
    await expect(within(box).getByTestId('usdt-deadline')).toHaveTextContent('请在 30 分钟内完成转账');
  },
};

/** The Alipay app scheme: opened once at once, and again from the fallback button. */
export const Scheme: Story = {
  args: {
    view: { kind: 'redirect', mode: 'urlscheme', url: 'alipays://platformapi/startapp?saId=10000007&qrcode=demo' },
  },
  play: async ({ args }) => {
    const box = await dialog('支付宝支付');
    await waitFor(() => expect(args.openUrl).toHaveBeenCalledTimes(1));
    await userEvent.click(within(box).getByRole('link', { name: '打开支付宝' }));
    await expect(args.openUrl).toHaveBeenCalledTimes(2);
    await expect(args.openUrl).toHaveBeenLastCalledWith('alipays://platformapi/startapp?saId=10000007&qrcode=demo');
  },
};

/** Alipay on a phone: its payment page is opened instead of a QR code. */
export const AlipayMobilePage: Story = {
  args: {
    view: { kind: 'redirect', mode: 'alipay', url: 'https://pay.example/sandbox/pay?trade=1' },
    device: 'mobile',
  },
  play: async ({ args }) => {
    const box = await dialog('支付宝支付');
    await expect(within(box).getByRole('link', { name: '打开支付页面' })).toBeVisible();
    await waitFor(() => expect(args.openUrl).toHaveBeenCalledWith('https://pay.example/sandbox/pay?trade=1'));
  },
};

const paidOnSecondAsk = apiSequence('shop/trade_status', [{ data: trade('topay') }, { data: trade('paied') }]);

/** trade_status is asked every 3 s; once it says paid, the owner hears it. */
export const PaidWhileOpen: Story = {
  parameters: { msw: [paidOnSecondAsk.handler] },
  play: async ({ args }) => {
    await dialog('支付宝扫码支付');
    await waitFor(() => expect(args.onPaid).toHaveBeenCalledTimes(1), { timeout: 8000 });
    await expect(paidOnSecondAsk.calls.at(-1)).toEqual({ trade_id: tradeId });
  },
};

/** The server cancelled the trade (the order expired): the owner hears it. */
export const TradeClosed: Story = {
  parameters: { msw: [apiHandler('shop/trade_status', trade('cancled'))] },
  play: async ({ args }) => {
    await dialog('支付宝扫码支付');
    await waitFor(() => expect(args.onTradeClosed).toHaveBeenCalledTimes(1), { timeout: 5000 });
  },
};
