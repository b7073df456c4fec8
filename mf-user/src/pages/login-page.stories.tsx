import { Codes, messages } from '@portal/contracts';
import { apiHandler, pendingHandler } from '@portal/storybook/api-mocks';
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
