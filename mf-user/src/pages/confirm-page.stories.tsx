import { messages, profileMessages, userMessages } from '@portal/contracts';
import { getJsonHandler, getJsonSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { prepare } from '../test/story-fixtures';
import ConfirmPage from './confirm-page';

// Each story uses its own serial id: the page shares one request per link.
const meta = {
  title: 'mf-user/ConfirmPage',
  component: ConfirmPage,
  loaders: [() => prepare(null)],
} satisfies Meta<typeof ConfirmPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {
  parameters: { route: '/confirm?serial_id=s-pending&key=k', msw: [pendingHandler('account/signup_confirm', 'get')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('confirm-pending')).toBeVisible();
  },
};

export const SignupConfirmed: Story = {
  parameters: {
    route: '/confirm?serial_id=s-signup&key=k&action=signup_confirm',
    msw: [getJsonHandler('account/signup_confirm', { Code: 0 })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.confirm.registered)).toBeVisible();
    await expect(canvas.getByTestId('illustration-success')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '直接登录' })).toHaveAttribute('href', '/');
  },
};

export const PasswordChanged: Story = {
  parameters: {
    route: '/confirm?serial_id=s-password&key=k&action=change_password',
    msw: [getJsonHandler('account/change_password', { Code: 0 })],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(messages.confirm.passwordChanged)).toBeVisible();
  },
};

/** The link mailed to a new address from the profile. */
export const EmailChanged: Story = {
  parameters: {
    route: '/confirm?serial_id=s-email&key=k&action=change_email',
    msw: [getJsonHandler('account/change_email', { Code: 0 })],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(profileMessages.emailChanged)).toBeVisible();
  },
};

/** The new address was taken after the request (1001): back to the profile, not to sign-up. */
export const EmailChangeRefused: Story = {
  parameters: {
    route: '/confirm?serial_id=s-email-taken&key=k&action=change_email',
    msw: [getJsonHandler('account/change_email', { Code: 1001, Msg: '邮件已注册' })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(profileMessages.emailChangeFailed)).toBeVisible();
    await expect(canvas.getByText('邮件已注册')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '返回我的账户' })).toHaveAttribute('href', '/user_info');
  },
};

export const Failed: Story = {
  parameters: {
    route: '/confirm?serial_id=s-failed&key=k',
    msw: [getJsonHandler('account/signup_confirm', { Code: 1102, Msg: '链接无效或已过期' })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.confirm.failure)).toBeVisible();
    await expect(canvas.getByTestId('illustration-failure')).toBeVisible();
    await expect(canvas.getByRole('link', { name: '重新注册' })).toHaveAttribute('href', '/register');
  },
};

/** No answer (the network): nothing is known of the link yet, so no 注册失败; a retry asks again and confirms. */
export const Unreachable: Story = {
  parameters: {
    route: '/confirm?serial_id=s-unreachable&key=k',
    msw: [getJsonSequence('account/signup_confirm', ['network-error', { Code: 0 }])],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(userMessages.confirm.unreachable)).toBeVisible();
    await expect(canvas.queryByText(messages.confirm.failure)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '重试' }));
    await expect(await canvas.findByText(messages.confirm.registered)).toBeVisible();
  },
};

export const IncompleteLink: Story = {
  parameters: { route: '/confirm' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.confirm.failure)).toBeVisible();
  },
};
