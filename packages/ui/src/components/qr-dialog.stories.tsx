import { messages, qrMessages } from '@portal/contracts';
import { expect, fn, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { QrDialog } from './qr-dialog.js';

const meta = {
  title: 'UI/QrDialog',
  component: QrDialog,
  args: {
    content: 'https://portal.example/api/subscript/clash/665f1c2ab7e4d90012a3c001/a1b2c3d4e5f6',
    title: messages.subscription.qrTitle,
    desc: messages.subscription.qrDesc,
    payMode: '',
    open: true,
    onClose: fn(),
  },
} satisfies Meta<typeof QrDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog renders in a portal; the canvas is drawn 1 s after opening. */
export const Subscription: Story = {
  args: {},
  play: async () => {
    const body = within(document.body);
    const title = await body.findByText(messages.subscription.qrTitle);
    await waitFor(() => expect(title).toBeVisible());
    await waitFor(() => expect(body.getByTestId('qr-canvas')).toHaveAttribute('data-drawn', 'true'), { timeout: 4000 });
    await expect(body.queryByText(qrMessages.scanWithPhone)).toBeNull();
  },
};

export const WxpayOnMobile: Story = {
  args: {
    content: 'weixin://wxpay/bizpayurl?pr=demo',
    title: '微信支付',
    desc: '支付金额 ¥30.00',
    payMode: 'wxpay',
    device: 'mobile',
  },
  play: async () => {
    const steps = await within(document.body).findByTestId('qr-wxpay-steps');
    for (const step of qrMessages.wxpaySteps) await expect(steps).toHaveTextContent(step);
  },
};

export const WxpayOnDesktop: Story = {
  args: { ...WxpayOnMobile.args, device: 'desktop' },
  play: async () => {
    const hint = await within(document.body).findByText(qrMessages.scanWithPhone);
    await waitFor(() => expect(hint).toBeVisible());
    await expect(within(document.body).queryByTestId('qr-wxpay-steps')).toBeNull();
  },
};
