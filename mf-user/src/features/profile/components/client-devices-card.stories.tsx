import { Codes, type SubscriptionDevice } from '@portal/contracts';
import { clientDeviceMessages as t } from '@portal/contracts/subscription-devices';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectToast, prepare } from '../../../test/story-fixtures';
import { ClientDevicesCard } from './client-devices-card';

const device = (n: number, overrides: Partial<SubscriptionDevice>): SubscriptionDevice => ({
  id: `${n}`.repeat(32).slice(0, 32),
  model: 'iPhone15,2',
  os: 'iOS 17.5',
  client: 'Happ/2.7.1',
  unknown: false,
  firstSeenAt: '2026-10-02T01:15:00.000Z',
  lastSeenAt: '2026-11-27T08:30:00.000Z',
  lastIp: '203.0.113.7',
  ...overrides,
});
const phone = device(1, {});
const tablet = device(2, { model: 'SM-X710', os: 'Android 14', client: 'FlClash/0.8.80', lastIp: '198.51.100.23' });
const unknown = device(3, { model: '', os: '', client: 'clash-verge/v2.0', unknown: true });

const meta = {
  title: 'mf-user/Profile/ClientDevicesCard',
  component: ClientDevicesCard,
  loaders: [() => prepare(demoUser())],
} satisfies Meta<typeof ClientDevicesCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three devices of a limit of three, each with 移除; the one without a hardware id named as such. */
export const List: Story = {
  parameters: { msw: [apiHandler('user/subscription_devices', { limit: 3, devices: [phone, tablet, unknown] })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('profile-client-device')).toHaveLength(3));
    await expect(canvas.getByTestId('client-devices-used')).toHaveTextContent(t.limit(3, 3));
    const [first, second, third] = canvas.getAllByTestId('profile-client-device');
    await expect(first).toHaveTextContent('iPhone15,2 · iOS 17.5');
    await expect(first).toHaveTextContent('Happ/2.7.1');
    await expect(second).toHaveTextContent('198.51.100.23');
    await expect(third).toHaveTextContent(t.unknownDevice);
    await expect(canvas.getByRole('button', { name: `${t.remove} SM-X710 · Android 14` })).toBeVisible();
  },
};

const lists = apiSequence('user/subscription_devices', [
  { data: { limit: 2, devices: [phone, tablet] } },
  { data: { limit: 2, devices: [phone] } },
]);
const removeOne = apiSequence('user/remove_subscription_device', [{ data: {} }]);

/** 移除 on the tablet: a confirmation naming it, the call with its id, 已移除该设备, the list read again. */
export const Remove: Story = {
  parameters: { msw: [lists.handler, removeOne.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `${t.remove} SM-X710 · Android 14` }));
    const dialog = await within(document.body).findByTestId('remove-client-device-dialog');
    await expect(dialog).toHaveTextContent('SM-X710');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    await expectToast(t.removed);
    await expect(removeOne.calls).toEqual([{ id: tablet.id }]);
    await waitFor(() => expect(canvas.getAllByTestId('profile-client-device')).toHaveLength(1));
  },
};

/** No device yet, no limit: 暂无记录. */
export const Empty: Story = {
  parameters: { msw: [apiHandler('user/subscription_devices', { limit: 0, devices: [] })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('暂无记录')).toBeVisible();
    await expect(canvas.getByTestId('client-devices-used')).toHaveTextContent(t.limit(0, 0));
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('user/subscription_devices')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('profile-client-devices-loading')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [apiHandler('user/subscription_devices', null, Codes.INTERNAL, '服务器开小差了')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.loadFailed)).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
  },
};
