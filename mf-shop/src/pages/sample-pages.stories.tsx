import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { prepare } from '../test/story-fixtures';
import CheckoutPage from './checkout-page';
import OrderinfoPage from './orderinfo-page';

const meta = {
  title: 'mf-shop/SamplePages',
  component: OrderinfoPage,
  loaders: [() => prepare(null)],
} satisfies Meta<typeof OrderinfoPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /orderinfo: sample data, marked as such. */
export const Orderinfo: Story = {
  parameters: { route: '/orderinfo' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('sample-badge')).toHaveTextContent('示例数据');
    await expect(canvas.getByText('SAMPLE-20240101-0001')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '查看订单记录' })).toHaveAttribute('href', '/order');
  },
};

/** /checkout: sample data, marked as such. */
export const Checkout: Story = {
  parameters: { route: '/checkout' },
  render: () => <CheckoutPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('sample-badge')).toHaveTextContent('示例数据');
    await expect(canvas.getByTestId('sample-total')).toHaveTextContent('¥50.00');
  },
};
