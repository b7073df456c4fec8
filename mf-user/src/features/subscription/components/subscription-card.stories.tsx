import { messages } from '@portal/contracts';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectToast, prepare } from '../../../test/story-fixtures';
import { ALL_SSR_LINKS_PATH, SubscriptionCard } from './subscription-card';

const meta = {
  title: 'mf-user/Subscription/SubscriptionCard',
  component: SubscriptionCard,
  loaders: [() => prepare(demoUser())],
} satisfies Meta<typeof SubscriptionCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('subscription-card');
    for (const name of [
      'Shadowrocket',
      'FLClash',
      'SSR',
      'Loon',
      'Clash',
      'Surge',
      'QuantumultX',
      'Surfboard',
      'Clash Meta',
      'V2Box',
      'Streisand',
      'Quantumult',
      'sing-box',
    ]) {
      await expect(card).toHaveTextContent(name);
    }
    await expect(within(card).getByTestId('subscribe-loon')).toHaveTextContent('推荐');
    await expect(within(card).getByTestId('subscribe-surfboard')).toHaveTextContent('不支持直连');
    await expect(within(card).getByRole('link', { name: '查看全部 SSR 链接' })).toHaveAttribute(
      'href',
      ALL_SSR_LINKS_PATH,
    );
  },
};

export const Visitor: Story = {
  loaders: [() => prepare(null)],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-quantumultx'));
    await expectToast(messages.subscription.loginFirst);
  },
};
