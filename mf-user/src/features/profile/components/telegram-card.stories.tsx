import type { NotifySettings } from '@portal/contracts';
import { notificationMessages as n } from '@portal/contracts/notifications';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectToast, prepare } from '../../../test/story-fixtures';
import { TelegramCard } from './telegram-card';

const settings = (overrides: Partial<NotifySettings> = {}): NotifySettings => ({
  telegramEnabled: true,
  telegramBound: false,
  telegramName: '',
  staffTopics: [],
  mail: true,
  ...overrides,
});
const user = demoUser();
const link = { url: 'https://t.me/portal_bot?start=Q2xlYXJseUFDb2RlMTIz', expiresAt: '2099-01-01T00:00:00.000Z' };

const meta = {
  title: 'mf-user/Profile/TelegramCard',
  component: TelegramCard,
  args: { user, onUnbound: async () => undefined },
  loaders: [() => prepare(user)],
} satisfies Meta<typeof TelegramCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not bound: 绑定 Telegram opens a one-time link to the bot, and the card waits for the binding. */
export const BindLink: Story = {
  parameters: {
    msw: [apiHandler('user/notify_settings', settings()), apiHandler('user/telegram_bind', link)],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: n.bind }));
    const shown = await canvas.findByTestId('profile-telegram-link');
    await expect(within(shown).getByRole('link', { name: n.openTelegram })).toHaveAttribute('href', link.url);
    await expect(shown).toHaveTextContent(n.bindWaiting);
  },
};

/** Bound staff: the name, 解除绑定, the staff topics and the mail switch. */
export const BoundStaff: Story = {
  parameters: {
    msw: [
      apiHandler(
        'user/notify_settings',
        settings({
          telegramBound: true,
          telegramName: 'ops_alice',
          staffTopics: [
            { key: 'withdrawal.requested', label: '提现申请', chosen: true },
            { key: 'node.offline', label: '节点离线', chosen: false },
          ],
        }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('已绑定 Telegram：ops_alice')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: '提现申请' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: '节点离线' })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: '解除绑定' })).toBeVisible();
  },
};

const saved = apiSequence('user/change_notify_settings', [{ data: settings({ mail: false }) }]);

/** Switching reminder mails off saves at once and says so. */
export const MailOff: Story = {
  parameters: { msw: [apiHandler('user/notify_settings', settings()), saved.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: n.mailTitle }));
    await expectToast(n.mailSaved);
    await waitFor(() => expect(saved.calls.at(-1)).toEqual({ mail: false }));
    await expect(canvas.getByRole('switch', { name: n.mailTitle })).not.toBeChecked();
  },
};

/** The operator has set no bot: nothing to bind, and the card says why. */
export const BotOff: Story = {
  parameters: { msw: [apiHandler('user/notify_settings', settings({ telegramEnabled: false }))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(n.telegramOff)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: n.bind })).toBeNull();
  },
};
