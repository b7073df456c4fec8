import type { UserInfo } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import DashboardPage from './dashboard-page.js';

const GiB = 1024 ** 3;

function demoUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    _id: '665f1c2ab7e4d90012a3c001',
    email: 'demo@example.com',
    icon: '',
    type: 'normal',
    userkey: 'a1b2c3d4e5f6',
    traffic: 100 * GiB,
    spendTraffic: 12 * GiB,
    vipExpireTime: '2026-12-31T16:00:00.000Z',
    dailyTimePackageUsage: 0,
    limit: 3,
    paidUser: true,
    preferDomain: '',
    describe_host: '',
    channel_code: 'default',
    is_agency_user: false,
    inXinjiang: false,
    in_foreign: false,
    use_english_node: false,
    haveContinueSignUseData: 2,
    signUseToday: false,
    signUseRewardInfo: { continueSignReward: 1 },
    ...overrides,
  };
}

const meta = {
  title: 'mf-user/DashboardPage',
  component: DashboardPage,
  args: {},
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  args: {},
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('dashboard-account')).toHaveTextContent('登录后即可获取订阅链接。');
  },
};

export const LoggedIn: Story = {
  args: {},
  loaders: [() => useSession.getState().setUser(demoUser())],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('dashboard-account')).toHaveTextContent('demo@example.com');
  },
};

/** The session is read through the real API client; MSW answers as the BFF would. */
export const LoggedInFromNetwork: Story = {
  args: {},
  parameters: {
    msw: [
      apiHandler('user/userinfo', demoUser({ email: 'network@example.com' })),
      apiHandler('permission/mypermissions', []),
    ],
  },
  loaders: [
    async () => {
      await useSession.getState().refresh();
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('dashboard-account')).toHaveTextContent('network@example.com');
  },
};
