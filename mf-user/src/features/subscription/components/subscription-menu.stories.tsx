import { Codes, messages } from '@portal/contracts';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectToast, prepare } from '../../../test/story-fixtures';
import { SubscriptionMenu } from './subscription-menu';

const meta = {
  title: 'mf-user/Subscription/SubscriptionMenu',
  component: SubscriptionMenu,
  args: { client: 'clashMeta' },
  loaders: [() => prepare(demoUser())],
  decorators: [(Story) => <div style={{ padding: 16, minHeight: 320 }}>{Story()}</div>],
} satisfies Meta<typeof SubscriptionMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-clashMeta'));
    const menu = await within(document.body).findByTestId('subscribe-menu-clashMeta');
    for (const item of [
      '一键导入',
      '一键导入（moji 版）',
      '复制订阅链接',
      '复制订阅链接（moji 版）',
      '显示二维码',
      '重置订阅链接',
    ]) {
      await expect(within(menu).getByRole('button', { name: item })).toBeInTheDocument();
    }
  },
};

export const QrCode: Story = {
  args: { client: 'v2box' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-v2box'));
    await userEvent.click(await within(canvasElement).findByRole('button', { name: '显示二维码' }));
    const dialog = await within(document.body).findByTestId('qr-dialog');
    await expect(dialog).toHaveTextContent(messages.subscription.qrTitle);
    await waitFor(() => expect(within(dialog).getByTestId('qr-canvas')).toHaveAttribute('data-drawn', 'true'), {
      timeout: 4000,
    });
  },
};

/** Shadowrocket's one-tap import needs a phone; Storybook runs on a desktop browser. */
export const OneTapNeedsPhone: Story = {
  args: { client: 'shadowrocket' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-shadowrocket'));
    await userEvent.click(await within(canvasElement).findByRole('button', { name: '一键导入' }));
    await expectToast(messages.subscription.mobileOnly);
  },
};

export const SurgeNeedsIos: Story = {
  args: { client: 'surge' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-surge'));
    await userEvent.click(await within(canvasElement).findByRole('button', { name: '一键导入' }));
    await expectToast(messages.subscription.surgeIosOnly);
  },
};

export const LoggedOut: Story = {
  loaders: [() => prepare(null)],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-clashMeta'));
    await expectToast(messages.subscription.loginFirst);
    await expect(within(canvasElement).getByTestId('subscribe-clashMeta')).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Shadowrocket and SSR without the user id: a network toast and a user-info refresh. */
export const MissingUserId: Story = {
  args: { client: 'ssr' },
  parameters: { msw: [apiHandler('user/userinfo', demoUser()), apiHandler('permission/mypermissions', [])] },
  loaders: [() => prepare(demoUser({ _id: '' }))],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-ssr'));
    await expectToast(messages.subscription.networkRetry);
  },
};

export const ResetLink: Story = {
  parameters: {
    msw: [
      apiHandler('user/reset_userkey', { userkey: 'f00dfeedf00dfeedf00dfeedf00dfeed' }),
      apiHandler('user/userinfo', demoUser({ userkey: 'f00dfeedf00dfeedf00dfeedf00dfeed' })),
      apiHandler('permission/mypermissions', []),
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-clashMeta'));
    await userEvent.click(await within(canvasElement).findByRole('button', { name: '重置订阅链接' }));
    const dialog = await within(document.body).findByTestId('reset-link-dialog');
    await expect(dialog).toHaveTextContent(messages.subscription.resetTitle);
    await expect(dialog).toHaveTextContent(messages.subscription.resetWarning);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await expectToast(messages.subscription.resetDone);
  },
};

export const ResetRefused: Story = {
  parameters: { msw: [apiHandler('user/reset_userkey', {}, Codes.NOT_ALLOWED, '该账号不允许这样操作。')] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('subscribe-clashMeta'));
    await userEvent.click(await within(canvasElement).findByRole('button', { name: '重置订阅链接' }));
    const dialog = await within(document.body).findByTestId('reset-link-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await expectToast(messages.subscription.resetNotAllowed);
  },
};
