import { messages, userMessages } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import {
  daysFromNow,
  demoUser,
  expectShown,
  expectToast,
  freeUser,
  paidUserWithTimePackage,
  prepare,
  userLoadFailed,
} from '../test/story-fixtures';
import DashboardPage from './dashboard-page';

const signUseInfo = apiHandler('user/sign_use_info', {
  continueSignUseDay: 30,
  signUseRewardTraffic: 200,
  continueSignReward: 1024,
});

const meta = {
  title: 'mf-user/DashboardPage',
  component: DashboardPage,
  args: {},
  parameters: { msw: [signUseInfo] },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  loaders: [() => prepare(null)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('dashboard-account')).toHaveTextContent('登录后即可获取订阅链接。');
    await expect(canvas.getByTestId('traffic-card')).toHaveTextContent(userMessages.dashboard.loginToSee);
    await expect(canvas.queryByTestId('time-package-card')).toBeNull();
    await expect(canvas.queryByTestId('promo-block')).toBeNull();
    await expect(canvas.queryByTestId('lottery-card')).toBeNull();
  },
};

export const LoggedIn: Story = {
  loaders: [() => prepare(demoUser())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('dashboard-account')).toHaveTextContent('demo@example.com');
    await expect(canvas.getByTestId('traffic-remaining')).toHaveTextContent('87.50 GB');
    await expect(canvas.getByTestId('promo-block')).toBeVisible();
    // The lottery's card, its own small chunk, links to /lottery.
    const lottery = await canvas.findByTestId('lottery-card');
    await expect(within(lottery).getByRole('link', { name: '去抽奖' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/lottery$/),
    );
  },
};

/** The session is read through the real API client; MSW answers as the BFF would. */
export const LoggedInFromNetwork: Story = {
  parameters: {
    msw: [
      signUseInfo,
      apiHandler('user/userinfo', demoUser({ email: 'network@example.com' })),
      apiHandler('permission/mypermissions', []),
    ],
  },
  loaders: [
    async () => {
      prepare(demoUser({ email: 'network@example.com' }));
      await useSession.getState().refresh();
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('dashboard-account')).toHaveTextContent('network@example.com');
  },
};

export const PaidWithTimePackage: Story = {
  loaders: [() => prepare(paidUserWithTimePackage())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('time-package-days')).toHaveTextContent('30 天');
    await expect(canvas.getByTestId('time-package-daily-remaining')).toHaveTextContent('31.70 GB');
  },
};

export const ExpiredTimePackage: Story = {
  loaders: [() => prepare(demoUser({ vipExpireTime: daysFromNow(-3) }))],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('time-package-card')).toBeNull();
  },
};

export const FreeUser: Story = {
  loaders: [() => prepare(freeUser())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('traffic-remaining')).toHaveTextContent('1.25 GB');
    await userEvent.click(canvas.getByTestId('sign-use-button'));
    await expectToast(messages.signUse.paidOnly);
  },
};

export const Agency: Story = {
  loaders: [() => prepare(demoUser(), { agency: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByTestId('promo-block')).toBeNull();
    await expect(canvas.queryByTestId('traffic-buy')).toBeNull();
    await expect(within(document.body).queryByTestId('purchase-modal')).toBeNull();
  },
};

/** First visit of the day: the purchase modal opens (and the preferred-domain check is prepared). */
export const FirstVisitOfTheDay: Story = {
  loaders: [() => prepare(demoUser({ preferDomain: 'fast.example.com' }), { dailyDialogs: true })],
  play: async ({ canvasElement }) => {
    await expectShown(() => within(document.body).findByTestId('purchase-modal'));
    await expect(within(canvasElement).getByTestId('prefer-domain-switch')).toHaveAttribute(
      'data-host',
      'fast.example.com',
    );
  },
};

export const Loading: Story = {
  loaders: [
    () => {
      prepare(null);
      useSession.setState({ status: 'loading' });
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: '加载中...' })).toBeInTheDocument();
  },
};

/** User info could not be read although a session exists: the figures give way to a retry. */
export const LoadFailed: Story = {
  ...userLoadFailed,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(userMessages.dashboard.loadFailed)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: '重试' })).toBeEnabled());
  },
};
