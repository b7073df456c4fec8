import { Codes, messages } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { expectToast, prepare } from '../test/story-fixtures';
import LoginPage from './login-page';

const meta = {
  title: 'mf-user/LoginPage',
  component: LoginPage,
  parameters: { route: '/login' },
  loaders: [() => prepare(null)],
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSubmit(canvasElement: HTMLElement, email: string, password: string) {
  const canvas = within(canvasElement);
  if (email) await userEvent.type(canvas.getByLabelText('邮箱'), email);
  if (password) await userEvent.type(canvas.getByLabelText('密码'), password);
  await userEvent.click(canvas.getByRole('button', { name: '登录' }));
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: '快速注册' })).toHaveAttribute('href', '/register');
    await expect(within(canvasElement).getByRole('link', { name: '忘记密码' })).toHaveAttribute('href', '/reset');
  },
};

export const BlankFields: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, '', '');
    const canvas = within(canvasElement);
    await expect(canvas.getByText(messages.login.emailEmpty)).toBeVisible();
    await expect(canvas.getByText(messages.login.passwordEmpty)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('user/login')] },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'demo@example.com', 'password-1');
    await expect(await within(canvasElement).findByText(messages.login.loading)).toBeVisible();
  },
};

export const WrongPassword: Story = {
  parameters: { msw: [apiHandler('user/login', {}, Codes.LOGIN_FAILED, '用户不存在或密码错误')] },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'demo@example.com', 'wrong-password');
    await expect(await within(canvasElement).findByText(messages.login.failedField)).toBeVisible();
    await expectToast(messages.login.failedToast);
  },
};

export const EmailNotConfirmed: Story = {
  parameters: {
    msw: [apiHandler('user/login', {}, Codes.EMAIL_NOT_CONFIRMED, '邮箱尚未验证，请先点击验证邮件中的链接')],
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'new@example.com', 'password-1');
    await expect(await within(canvasElement).findByText('邮箱尚未验证，请先点击验证邮件中的链接')).toBeVisible();
  },
};

/** Agency mode hides the quick-register link. */
export const Agency: Story = {
  loaders: [() => prepare(null, { agency: true })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).queryByRole('link', { name: '快速注册' })).toBeNull());
  },
};

const secondStep = apiSequence('user/login_second_factor', [
  { data: {}, code: Codes.SECOND_FACTOR_WRONG, msg: '验证码错误或已使用' },
  { data: {}, code: Codes.SECOND_FACTOR_TICKET_EXPIRED, msg: '验证已超时，请重新登录' },
]);

/**
 * Staff with a second factor (issue 25): the right password answers 1130 with a ticket, the form
 * asks for the six-digit code (or a recovery code); a wrong code is said in the field, an expired
 * ticket sends the user back to the password with the reason.
 */
export const SecondFactor: Story = {
  parameters: {
    msw: [
      apiHandler('user/login', { ticket: 'ticket-1', expiresIn: 300 }, Codes.SECOND_FACTOR_NEEDED, '请输入两步验证码'),
      secondStep.handler,
    ],
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'staff@example.com', 'password-1');
    const canvas = within(canvasElement);
    const step = within(await canvas.findByTestId('second-factor-step'));
    await expect(step.getByText('请输入身份验证器中的 6 位验证码。')).toBeVisible();
    await userEvent.click(step.getByRole('button', { name: '验证并登录' }));
    await expect(await step.findByText('请输入 6 位数字验证码')).toBeVisible();
    await userEvent.type(step.getByLabelText('6 位验证码'), '123456');
    await userEvent.click(step.getByRole('button', { name: '验证并登录' }));
    await expect(await step.findByText('验证码错误或已使用')).toBeVisible();
    await expect(secondStep.calls[0]).toEqual({ ticket: 'ticket-1', code: '123456' });
    await userEvent.click(step.getByRole('button', { name: '使用恢复码' }));
    await userEvent.type(step.getByLabelText('恢复码'), 'abcd-efgh-jkmn');
    await userEvent.click(step.getByRole('button', { name: '验证并登录' }));
    // The ticket expired: back to the password, with the reason.
    await expect(await canvas.findByText('验证已超时，请重新登录')).toBeVisible();
    await expect(canvas.getByLabelText('密码')).toHaveValue('');
  },
};

const passkeyOnlyStep = apiSequence('user/login_second_factor', [
  { data: {}, code: Codes.SECOND_FACTOR_WRONG, msg: '验证码错误或已使用' },
]);

/**
 * Staff with passkeys only: the second step offers 使用通行密钥 and no code field; a lost passkey
 * is replaced by a recovery code (given with the first passkey) behind 使用恢复码, never six digits.
 */
export const SecondFactorPasskey: Story = {
  parameters: {
    msw: [
      apiHandler(
        'user/login',
        { ticket: 'ticket-2', expiresIn: 300, totp: false, passkeys: true },
        Codes.SECOND_FACTOR_NEEDED,
        '请输入两步验证码',
      ),
      passkeyOnlyStep.handler,
    ],
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'staff@example.com', 'password-1');
    const step = within(await within(canvasElement).findByTestId('second-factor-step'));
    await expect(step.getByText('请使用已添加的通行密钥完成验证。')).toBeVisible();
    // The button comes lazily (never on the first page's wire).
    await expect(await step.findByRole('button', { name: '使用通行密钥' })).toBeVisible();
    await expect(step.queryByLabelText('6 位验证码')).toBeNull();

    await userEvent.click(step.getByRole('button', { name: '使用恢复码' }));
    await expect(step.getByText('请输入一个未使用过的恢复码，每个恢复码只能使用一次。')).toBeVisible();
    await expect(step.queryByRole('button', { name: '使用验证码' })).toBeNull();
    await userEvent.type(step.getByLabelText('恢复码'), 'abcd-efgh-jkmn');
    await userEvent.click(step.getByRole('button', { name: '验证并登录' }));
    await expect(await step.findByText('验证码错误或已使用')).toBeVisible();
    await expect(passkeyOnlyStep.calls[0]).toEqual({ ticket: 'ticket-2', code: 'abcd-efgh-jkmn' });
    await expect(step.getByRole('button', { name: '使用通行密钥' })).toBeVisible();
  },
};
