import type { NotificationDelivery } from '@portal/contracts';
import { notificationMessages as n } from '@portal/contracts/notifications';
import { apiHandler, apiSequence } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, confirm, rows, rowWith } from '../test/story-fixtures';
import NotificationsPage from './notifications-page';

const delivery = (id: number, overrides: Partial<NotificationDelivery>): NotificationDelivery => ({
  id,
  eventId: `e${id}`.padEnd(32, '0'),
  event: 'withdrawal.requested',
  channel: 'webhook',
  target: 'https://hooks.example.com/portal',
  status: 'sent',
  attempts: 1,
  lastAnswer: '200 OK: ok',
  nextAttemptAt: null,
  sentAt: '2026-11-28T08:00:01.000Z',
  createdAt: '2026-11-28T08:00:00.000Z',
  ...overrides,
});
const storyDeliveries = [
  delivery(3, {
    status: 'failed',
    attempts: 6,
    lastAnswer: '503 Service Unavailable',
    sentAt: null,
    event: 'order.paid',
  }),
  delivery(2, { channel: 'telegram', target: '7001', lastAnswer: 'message 118', event: 'node.offline' }),
  delivery(1, {
    status: 'pending',
    attempts: 2,
    lastAnswer: 'timeout after 10000 ms',
    nextAttemptAt: '2026-11-28T08:35:00.000Z',
    sentAt: null,
  }),
];
const listed = apiSequence('admin/notifications/deliveries', [{ data: storyDeliveries }]);

const meta = {
  title: 'mf-admin/Screens/NotificationsPage',
  component: NotificationsPage,
  ...asAdmin,
  parameters: { route: '/admin_notifications', msw: [listed.handler] },
} satisfies Meta<typeof NotificationsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The newest first, with each receiver's answer; a pending one has no 重新发送. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    await expect(await rows(canvasElement, 'deliveries')).toHaveLength(3);
    await expect(listed.calls[0]).toEqual({ number: 200 });
    const failed = await rowWith(canvasElement, 'deliveries', '503 Service Unavailable');
    await expect(failed).toHaveTextContent('失败');
    const pending = await rowWith(canvasElement, 'deliveries', 'timeout after 10000 ms');
    await expect(within(pending).queryByRole('button', { name: n.resend })).toBeNull();
  },
};

/** 重新发送 asks first, then queues the delivery again. */
export const Resend: Story = {
  parameters: { msw: [apiHandler('admin/notifications/resend', {}), listed.handler] },
  play: async ({ canvasElement }) => {
    const failed = await rowWith(canvasElement, 'deliveries', '503 Service Unavailable');
    await userEvent.click(within(failed).getByRole('button', { name: n.resend }));
    await confirm();
    await expectToast(n.resent);
  },
};

/** An empty list says so. */
export const Empty: Story = {
  parameters: { msw: [apiHandler('admin/notifications/deliveries', [])] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('暂无记录')).toBeVisible();
  },
};
