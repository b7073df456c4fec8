import { Codes, messages } from '@portal/contracts';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { expectToast, prepare } from '../test/story-fixtures';
import ResetPage from './reset-page';

const LINK = 'https://sub.example.com/api/subscript/clash/665f1c2ab7e4d90012a3c001/a1b2c3d4';

const meta = {
  title: 'mf-user/ResetPage',
  component: ResetPage,
  parameters: { route: '/reset' },
  loaders: [() => prepare(null)],
} satisfies Meta<typeof ResetPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fill(
  canvasElement: HTMLElement,
  values: Partial<Record<'订阅链接' | '邮箱' | '新密码' | '确认新密码', string>>,
) {
  const canvas = within(canvasElement);
  for (const [label, value] of Object.entries(values)) {
    const input = canvas.getByLabelText(label, { exact: true });
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const submit = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: '修改密码' }));
const findAccount = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: '找回账号' }));
const complete = { 订阅链接: LINK, 邮箱: 'demo@example.com', 新密码: 'new-password', 确认新密码: 'new-password' };

/** The form as it opens: four empty fields, nothing marked wrong, both buttons ready. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('找回密码');
    for (const label of ['订阅链接', '邮箱', '新密码', '确认新密码']) {
      const input = canvas.getByLabelText(label, { exact: true });
      await expect(input).toHaveValue('');
      await expect(input).not.toHaveAttribute('aria-invalid');
    }
    await expect(canvas.getByPlaceholderText('请粘贴你的订阅链接')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '找回账号' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: '修改密码' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/login');
  },
};

export const ChecksInOrder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await submit(canvasElement);
    await expect(canvas.getByText(messages.reset.passwordRequired)).toBeVisible();
    await fill(canvasElement, { 新密码: 'abc', 确认新密码: 'abd' });
    await submit(canvasElement);
    await expect(canvas.getByText(messages.reset.passwordsDiffer)).toBeVisible();
    await fill(canvasElement, { 确认新密码: 'abc' });
    await submit(canvasElement);
    await expect(canvas.getByText(messages.reset.passwordTooShort)).toBeVisible();
    await fill(canvasElement, { 新密码: 'new-password', 确认新密码: 'new-password', 邮箱: 'bad' });
    await submit(canvasElement);
    await expect(canvas.getByText(messages.reset.emailInvalid)).toBeVisible();
    await fill(canvasElement, { 邮箱: 'demo@example.com', 订阅链接: 'short' });
    await submit(canvasElement);
    await expect(canvas.getByText(messages.reset.linkInvalid)).toBeVisible();
  },
};

export const FindAccountNeedsLink: Story = {
  play: async ({ canvasElement }) => {
    await findAccount(canvasElement);
    await expect(within(canvasElement).getByText(messages.reset.findAccountNeedsLink)).toBeVisible();
  },
};

export const FindAccount: Story = {
  parameters: { msw: [apiHandler('user/get_email', 'demo@example.com')] },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { 订阅链接: LINK });
    await findAccount(canvasElement);
    await expect(await within(canvasElement).findByDisplayValue('demo@example.com')).toBeVisible();
  },
};

export const FindAccountRefused: Story = {
  parameters: { msw: [apiHandler('user/get_email', '', Codes.DESCRIBE_URL_REFUSED, 'DESCRIBE_URL_ERROR')] },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, { 订阅链接: LINK });
    await findAccount(canvasElement);
    await expect(await within(canvasElement).findByText(messages.reset.getEmailFailure)).toBeVisible();
  },
};

export const LinkRefused: Story = {
  parameters: { msw: [apiHandler('user/reset_password', {}, Codes.DESCRIBE_URL_REFUSED, 'USER_NOT_EXIST')] },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    await expect(await within(canvasElement).findByText(messages.reset.linkInvalid)).toBeVisible();
  },
};

export const NotAllowed: Story = {
  parameters: { msw: [apiHandler('user/reset_password', {}, Codes.NOT_ALLOWED, '该账号不允许这样操作。')] },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    await expectToast(messages.reset.notAllowed);
  },
};

export const OtherFailure: Story = {
  parameters: { msw: [apiHandler('user/reset_password', {}, Codes.UNKNOWN, '未知错误')] },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    await expect(await within(canvasElement).findByText(messages.reset.otherFailure)).toBeVisible();
  },
};

export const Success: Story = {
  parameters: { msw: [apiHandler('user/reset_password', {})] },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    const success = await within(canvasElement).findByTestId('reset-success');
    await expect(success).toHaveTextContent(messages.reset.done);
    await expect(within(success).getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/login');
  },
};
