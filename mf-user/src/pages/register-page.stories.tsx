import { Codes, messages, userMessages, type HostInfo } from '@portal/contracts';
import { apiHandler, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { prepare } from '../test/story-fixtures';
import RegisterPage from './register-page';

const meta = {
  title: 'mf-user/RegisterPage',
  component: RegisterPage,
  parameters: { route: '/register' },
  loaders: [() => prepare(null)],
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function submit(canvasElement: HTMLElement, values: { email: string; password: string; confirm: string }) {
  const canvas = within(canvasElement);
  for (const [label, value] of [
    ['邮箱', values.email],
    ['密码', values.password],
    ['确认密码', values.confirm],
  ] as const) {
    const input = canvas.getByLabelText(label, { exact: true });
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
  await userEvent.click(canvas.getByRole('button', { name: '注册' }));
}

/** The form as it opens: three empty fields, nothing marked wrong, 注册 ready. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('注册');
    for (const label of ['邮箱', '密码', '确认密码']) {
      const input = canvas.getByLabelText(label, { exact: true });
      await expect(input).toHaveValue('');
      await expect(input).not.toHaveAttribute('aria-invalid');
    }
    await expect(canvas.getByPlaceholderText('请输入邮箱')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '注册' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/login');
  },
};

/**
 * The checks run in the spec's order: equal passwords, length, e-mail; only the first failing one
 * is shown, and it stays while typing until the next submit.
 */
export const ChecksInOrder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { passwordsDiffer, passwordTooShort, emailInvalid } = messages.register;
    const shown = async (message: string) => {
      await expect(await canvas.findByText(message)).toBeVisible();
      for (const other of [passwordsDiffer, passwordTooShort, emailInvalid].filter((m) => m !== message)) {
        await expect(canvas.queryByText(other)).toBeNull();
      }
    };
    await submit(canvasElement, { email: 'bad', password: 'short', confirm: 'other' });
    await shown(passwordsDiffer);
    await expect(canvas.getByLabelText('确认密码', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(canvas.getByLabelText('确认密码', { exact: true }), 'x');
    await shown(passwordsDiffer);
    await submit(canvasElement, { email: 'bad', password: 'short', confirm: 'short' });
    await shown(passwordTooShort);
    await submit(canvasElement, { email: 'bad', password: 'long-enough', confirm: 'long-enough' });
    await shown(emailInvalid);
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('user/signup')] },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, { email: 'new@example.com', password: 'long-enough', confirm: 'long-enough' });
    await expect(await within(canvasElement).findByText(messages.register.loading)).toBeVisible();
  },
};

export const EmailRegistered: Story = {
  parameters: { msw: [apiHandler('user/signup', {}, Codes.EMAIL_REGISTERED, '邮件已注册')] },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, { email: 'demo@example.com', password: 'long-enough', confirm: 'long-enough' });
    await expect(await within(canvasElement).findByText(messages.register.emailRegistered)).toBeVisible();
  },
};

export const ServerRefusal: Story = {
  parameters: { msw: [apiHandler('user/signup', {}, Codes.RATE_LIMITED, '操作过于频繁，请稍后再试')] },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, { email: 'demo@example.com', password: 'long-enough', confirm: 'long-enough' });
    await expect(await within(canvasElement).findByText('操作过于频繁，请稍后再试')).toBeVisible();
  },
};

export const Success: Story = {
  parameters: { msw: [apiHandler('user/signup', {})] },
  play: async ({ canvasElement }) => {
    await submit(canvasElement, { email: 'new@example.com', password: 'long-enough', confirm: 'long-enough' });
    const success = await within(canvasElement).findByTestId('register-success');
    await expect(success).toHaveTextContent(userMessages.register.checkMail('new@example.com'));
    await expect(within(success).getByTestId('register-countdown')).toHaveTextContent('秒后跳转首页');
  },
};

const inviteOnlyHost = (inviteOnly: boolean): HostInfo => ({
  preferDomain: '',
  inviteOnly,
  notice: {
    notice_show: false,
    notice_mark_red: false,
    notice_title: '',
    notice_content: '',
    notice_day_interval: 1,
    entry_url: '',
    contact: '',
    chat_group_url: '',
  },
});

/** Invite-only mode, and the visit brought no invite: the page says so before anything is typed. */
export const InviteOnly: Story = {
  parameters: { msw: [apiHandler('host/get', inviteOnlyHost(true))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('note')).toHaveTextContent(userMessages.register.inviteOnlyNotice);
    await expect(canvas.getByLabelText('邮箱', { exact: true })).toHaveValue('');
  },
};

/** Open sign-up: no note; a refusal the page did not foresee (the mode changed meanwhile) brings it up. */
export const InviteRefused: Story = {
  parameters: {
    msw: [
      apiHandler('host/get', inviteOnlyHost(false)),
      apiHandler('user/signup', {}, Codes.INVITE_REQUIRED, messages.register.inviteRequired),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('note')).toBeNull();
    await submit(canvasElement, { email: 'new@example.com', password: 'long-enough', confirm: 'long-enough' });
    await expect(await canvas.findByRole('note')).toHaveTextContent(userMessages.register.inviteOnlyNotice);
  },
};
