import { Codes } from '@portal/contracts';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import {
  expect,
  expectShown,
  fn,
  userEvent,
  waitFor,
  within,
  type Meta,
  type StoryObj,
} from '@portal/storybook/story-kit';
import { EnrolDialog, StepUpDialog } from './second-factor.js';

// A 1×1 PNG stands in for the QR the BFF draws.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: PNG };
const CODES = [...'MNPQRSTUVW'].map((c) => `ABCD-EFGH-JK${c}${c}`);

const shown = async (name: string) =>
  within(await expectShown(() => within(document.body).findByRole('dialog', { name })));

const enrolMeta = {
  title: 'UI/SecondFactor/EnrolDialog',
  component: EnrolDialog,
  args: { onClose: fn(), onEnrolled: fn() },
} satisfies Meta<typeof EnrolDialog>;
export default enrolMeta;
type Story = StoryObj<typeof enrolMeta>;

const confirm = apiSequence('second_factor/enrol_confirm', [
  { data: {}, code: Codes.SECOND_FACTOR_WRONG, msg: '验证码错误或已使用' },
  { data: { recoveryCodes: CODES } },
]);

/** The QR and the secret, a wrong first code, then the right one and the ten recovery codes, shown once. */
export const Enrol: Story = {
  parameters: { msw: [apiHandler('second_factor/enrol_start', ENROLMENT), confirm.handler] },
  play: async ({ args }) => {
    const dialog = await shown('设置两步验证');
    await expect(await dialog.findByRole('img', { name: '两步验证二维码' })).toBeVisible();
    await expect(dialog.getByTestId('second-factor-secret')).toHaveTextContent(ENROLMENT.secret);
    const field = dialog.getByLabelText('6 位验证码');
    await userEvent.type(field, '12');
    await userEvent.click(dialog.getByRole('button', { name: '确认' }));
    await expect(await dialog.findByText('请输入 6 位数字验证码')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(dialog.getByRole('button', { name: '确认' }));
    await expect(await dialog.findByText('验证码错误或已使用')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: '确认' }));
    const codes = await shown('保存恢复码');
    await expect(codes.getAllByRole('listitem')).toHaveLength(10);
    await expect(codes.getByRole('button', { name: '复制' })).toBeVisible();
    await expect(codes.getByRole('button', { name: '下载' })).toBeVisible();
    await userEvent.click(codes.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(args.onEnrolled).toHaveBeenCalledTimes(1));
    await expect(confirm.calls.at(-1)).toEqual({ code: '123456' });
  },
};

/**
 * Passkeys only, and the session's check ran out while the code was being typed (1133 on
 * confirm): the owner is asked to check again (onNeedCheck), as when starting.
 */
export const ConfirmNeedsCheck: Story = {
  args: { onNeedCheck: fn() },
  parameters: {
    msw: [
      apiHandler('second_factor/enrol_start', ENROLMENT),
      apiHandler('second_factor/enrol_confirm', {}, Codes.STEP_UP_REQUIRED, '请先完成两步验证'),
    ],
  },
  play: async ({ args }) => {
    const dialog = await shown('设置两步验证');
    await userEvent.type(await dialog.findByLabelText('6 位验证码'), '123456');
    await userEvent.click(dialog.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(args.onNeedCheck).toHaveBeenCalledTimes(1));
    await expect(dialog.queryByText('请先完成两步验证')).toBeNull();
  },
};

/** While the new secret is on its way. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('second_factor/enrol_start')] },
  play: async () => {
    const dialog = await shown('设置两步验证');
    await expect(dialog.getByRole('status', { name: '加载中...' })).toBeVisible();
  },
};

/** The server refused: the message and a retry. */
export const Failed: Story = {
  parameters: { msw: [apiHandler('second_factor/enrol_start', {}, Codes.FORBIDDEN, '两步验证仅供后台人员使用')] },
  play: async () => {
    const dialog = await shown('设置两步验证');
    await expect(await dialog.findByText('两步验证仅供后台人员使用')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '重试' })).toBeVisible();
  },
};

/** Changing the authenticator: the current code (or a recovery code) comes first. */
export const ChangeAsksCurrentCode: Story = {
  args: { changing: true },
  parameters: { msw: [apiHandler('second_factor/enrol_start', ENROLMENT)] },
  play: async () => {
    const dialog = await shown('输入当前验证码');
    await userEvent.click(dialog.getByRole('button', { name: '使用恢复码' }));
    await userEvent.type(dialog.getByLabelText('恢复码'), 'ABCD-EFGH-JKLM');
    await userEvent.click(dialog.getByRole('button', { name: '确认' }));
    await expect(await within(document.body).findByRole('img', { name: '两步验证二维码' })).toBeVisible();
  },
};

const verify = apiSequence('second_factor/verify', [
  { data: {}, code: Codes.SECOND_FACTOR_WRONG, msg: '验证码错误或已使用' },
  { data: {} },
]);

/** What the account has (second_factor/status), read by the step-up dialog. */
const statusOf = (enabled: boolean, passkeys: number) =>
  apiHandler('second_factor/status', {
    staff: true,
    enabled,
    active: enabled || passkeys > 0,
    recoveryLeft: enabled ? 10 : 0,
    required: false,
    passkeys: Array.from({ length: passkeys }, (_, i) => ({
      id: `k${i}`,
      name: `钥匙 ${i + 1}`,
      createdAt: '2026-11-01T08:00:00Z',
      lastUsedAt: null,
    })),
  });

/** Step-up: a wrong code is said in the field, the right one closes the dialog and the call is retried. */
export const StepUp: StoryObj<typeof StepUpDialog> = {
  render: (args) => <StepUpDialog {...args} />,
  args: { onVerified: fn(), onClose: fn() },
  parameters: { msw: [statusOf(true, 0), verify.handler] },
  play: async ({ args }) => {
    const dialog = await shown('再次验证身份');
    // The field comes with the account's factors (the status call): waited for, not assumed.
    const code = await dialog.findByLabelText('6 位验证码');
    await expect(dialog.getByText('这是一项敏感操作，请输入两步验证码后继续。')).toBeVisible();
    await userEvent.type(code, '654321');
    await userEvent.click(dialog.getByRole('button', { name: '验证并继续' }));
    await expect(await dialog.findByText('验证码错误或已使用')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: '验证并继续' }));
    await waitFor(() => expect(args.onVerified).toHaveBeenCalledTimes(1));
  },
};

/** An account with passkeys only: no code field, 使用通行密钥 instead. */
export const StepUpPasskeyOnly: StoryObj<typeof StepUpDialog> = {
  render: (args) => <StepUpDialog {...args} />,
  args: { onVerified: fn(), onClose: fn() },
  parameters: { msw: [statusOf(false, 1)] },
  play: async () => {
    const dialog = await shown('再次验证身份');
    await expect(await dialog.findByRole('button', { name: '使用通行密钥' })).toBeVisible();
    await expect(dialog.getByText('这是一项敏感操作，请使用通行密钥验证后继续。')).toBeVisible();
    await expect(dialog.queryByLabelText('6 位验证码')).toBeNull();
  },
};

/** An account with both: the code field and 使用通行密钥 under it. */
export const StepUpCodeOrPasskey: StoryObj<typeof StepUpDialog> = {
  render: (args) => <StepUpDialog {...args} />,
  args: { onVerified: fn(), onClose: fn() },
  parameters: { msw: [statusOf(true, 2)] },
  play: async () => {
    const dialog = await shown('再次验证身份');
    await expect(await dialog.findByRole('button', { name: '使用通行密钥' })).toBeVisible();
    await expect(dialog.getByLabelText('6 位验证码')).toBeVisible();
  },
};
