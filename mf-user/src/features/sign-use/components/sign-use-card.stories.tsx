import { Codes, cookieNames, messages, MiB, userMessages } from '@portal/contracts';
import { setCookie, useSession } from '@portal/platform';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { todayString } from '../../../lib/time';
import { demoUser, expectToast, freeUser, prepare } from '../../../test/story-fixtures';
import { SignUseCard } from './sign-use-card';

const info = apiHandler('user/sign_use_info', {
  continueSignUseDay: 7,
  signUseRewardTraffic: 300,
  continueSignReward: 2048,
});

/** The card reads the user from the session store, as the dashboard passes it. */
function ConnectedSignUseCard() {
  const user = useSession((s) => s.user);
  return <SignUseCard user={user} />;
}

const meta = {
  title: 'mf-user/Dashboard/SignUseCard',
  component: ConnectedSignUseCard,
  parameters: { msw: [info] },
} satisfies Meta<typeof ConnectedSignUseCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PaidSignsIn: Story = {
  parameters: {
    msw: [
      info,
      apiHandler('user/sign_use', { addTraffic: 300 * MiB, haveContinueSignUseData: 4, extraReward: false }),
      apiHandler('user/userinfo', demoUser({ haveContinueSignUseData: 4, signUseToday: true })),
      apiHandler('permission/mypermissions', []),
    ],
  },
  loaders: [() => prepare(demoUser({ haveContinueSignUseData: 3 }))],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(userMessages.signUseCard.reward(300))).toBeVisible());
    await userEvent.click(canvas.getByTestId('sign-use-button'));
    await expectToast(userMessages.signUseCard.success('300'));
    await waitFor(() => expect(canvas.getByTestId('sign-use-button')).toHaveTextContent(userMessages.signUseCard.done));
    await expect(canvas.getByTestId('sign-use-button')).toBeDisabled();
  },
};

export const StreakBonus: Story = {
  parameters: {
    msw: [info, apiHandler('user/sign_use', { addTraffic: 2348 * MiB, haveContinueSignUseData: 0, extraReward: true })],
  },
  loaders: [() => prepare(demoUser({ haveContinueSignUseData: 6 }))],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('sign-use-streak')).toHaveTextContent('7'));
    await userEvent.click(canvas.getByTestId('sign-use-button'));
    await expectToast(userMessages.signUseCard.successWithBonus('2348', 7));
  },
};

export const AlreadySigned: Story = {
  loaders: [() => prepare(demoUser({ signUseToday: true }))],
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByTestId('sign-use-button');
    await expect(button).toHaveTextContent('已签到');
    await expect(button).toBeDisabled();
  },
};

export const FreeUser: Story = {
  loaders: [() => prepare(freeUser())],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('sign-use-button'));
    await expectToast(messages.signUse.paidOnly);
  },
};

/** This browser signed in today with another account (cookie last-signUse-time). */
export const OtherAccountToday: Story = {
  loaders: [
    () => {
      prepare(demoUser());
      setCookie(cookieNames.lastSignUseTime, todayString(), 1);
    },
  ],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('sign-use-button'));
    await expectToast(messages.signUse.otherAccount);
  },
};

export const Failure: Story = {
  parameters: { msw: [info, apiHandler('user/sign_use', {}, Codes.UNKNOWN, '未知错误')] },
  loaders: [() => prepare(demoUser())],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('sign-use-button'));
    await expectToast(messages.signUse.failed);
  },
};

export const Visitor: Story = {
  loaders: [() => prepare(null)],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('sign-use-button'));
    await expectToast(messages.loginRequired);
  },
};
