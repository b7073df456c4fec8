import { userMessages } from '@portal/contracts';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, prepare } from '../../../test/story-fixtures';
import { PromoBlock } from './promo-block';
import { PurchaseModal } from './purchase-modal';

const meta = {
  title: 'mf-user/Dashboard/PurchaseModal',
  component: PurchaseModal,
} satisfies Meta<typeof PurchaseModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstVisitOfTheDay: Story = {
  loaders: [() => prepare(demoUser(), { dailyDialogs: true })],
  play: async () => {
    const body = within(document.body);
    const modal = await body.findByTestId('purchase-modal');
    await expect(modal).toHaveTextContent(userMessages.purchase.title);
    await userEvent.click(within(modal).getAllByRole('button', { name: userMessages.purchase.close })[0]!);
    await waitFor(() => {
      const modal = body.queryByTestId('purchase-modal');
      if (modal) expect(modal).not.toBeVisible();
    });
  },
};

export const AlreadyShownToday: Story = {
  loaders: [() => prepare(demoUser())],
  play: async () => {
    await expect(within(document.body).queryByTestId('purchase-modal')).toBeNull();
  },
};

export const Promo: StoryObj<typeof PromoBlock> = {
  render: () => <PromoBlock />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: userMessages.promo.cta })).toHaveAttribute(
      'href',
      '/shop',
    );
  },
};
