import { Box } from '@chakra-ui/react';
import { Codes, type SessionDevice } from '@portal/contracts';
import { sessionMessages as t } from '@portal/contracts/sessions';
import { apiHandler, apiSequence, pendingHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectToast, prepare } from '../../../test/story-fixtures';
import { DevicesCard } from './devices-card';

const device = (n: number, overrides: Partial<SessionDevice>): SessionDevice => ({
  id: `${n}`.repeat(32).slice(0, 32),
  browser: 'Chrome 131',
  os: 'Windows 10',
  ip: '203.0.113.7',
  createdAt: '2026-10-02T01:15:00.000Z',
  lastSeenAt: '2026-11-27T08:30:00.000Z',
  current: false,
  ...overrides,
});

const thisPc = device(1, { current: true });
const phone = device(2, {
  browser: 'Safari 17',
  os: 'iOS 17.5',
  ip: '198.51.100.23',
  lastSeenAt: '2026-11-26T13:02:00.000Z',
});
const unknown = device(3, { browser: null, os: null, ip: null, lastSeenAt: '2026-11-01T09:00:00.000Z' });
const devices = [thisPc, phone, unknown];

const meta = {
  title: 'mf-user/Profile/DevicesCard',
  component: DevicesCard,
  loaders: [() => prepare(demoUser())],
} satisfies Meta<typeof DevicesCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three devices: this one tagged 当前设备 without 退出; the others each with 退出; unknown parts named as such. */
export const List: Story = {
  parameters: { msw: [apiHandler('user/sessions', devices)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('profile-device')).toHaveLength(3));
    const [first, second, third] = canvas.getAllByTestId('profile-device');
    await expect(first).toHaveTextContent('Chrome 131 · Windows 10');
    await expect(within(first!).getByText(t.current)).toBeVisible();
    await expect(within(first!).queryByRole('button')).toBeNull();
    await expect(second).toHaveTextContent('Safari 17 · iOS 17.5');
    await expect(second).toHaveTextContent('198.51.100.23');
    await expect(within(second!).getByRole('button', { name: `${t.signOut} Safari 17 · iOS 17.5` })).toBeVisible();
    await expect(third).toHaveTextContent(`${t.unknownBrowser} · ${t.unknownOs}`);
    await expect(third).toHaveTextContent(t.unknownIp);
    await expect(canvas.getByRole('button', { name: t.signOutOthers })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('user/sessions')] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('profile-devices-loading')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: [apiHandler('user/sessions', null, Codes.INTERNAL, '服务器开小差了')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.loadFailed)).toBeVisible();
    await expect(canvas.getByText('服务器开小差了')).toBeVisible();
  },
};

/** Only this device: no 退出 anywhere. */
export const OnlyThisDevice: Story = {
  parameters: { msw: [apiHandler('user/sessions', [thisPc])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId('profile-device')).toHaveLength(1));
    await expect(canvas.queryByRole('button', { name: t.signOutOthers })).toBeNull();
  },
};

const afterOne = apiSequence('user/sessions', [{ data: devices }, { data: [thisPc, unknown] }]);
const endOne = apiSequence('user/end_session', [{ data: {} }]);

/** 退出 on the phone: a confirmation naming it, the call with its id, 已退出该设备, the list read again. */
export const SignOutOne: Story = {
  parameters: { msw: [afterOne.handler, endOne.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `${t.signOut} Safari 17 · iOS 17.5` }));
    const dialog = await within(document.body).findByTestId('end-session-dialog');
    await expect(dialog).toHaveTextContent(t.confirmOneText('Safari 17 · iOS 17.5'));
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    await expectToast(t.signedOut);
    await expect(endOne.calls).toEqual([{ id: phone.id }]);
    await waitFor(() => expect(canvas.getAllByTestId('profile-device')).toHaveLength(2));
  },
};

const afterOthers = apiSequence('user/sessions', [{ data: devices }, { data: [thisPc] }]);
const endOthers = apiSequence('user/end_other_sessions', [{ data: { ended: 2 } }]);

/** 退出其他设备: confirmed, 已退出 2 台设备, only this device left. */
export const SignOutOthers: Story = {
  parameters: { msw: [afterOthers.handler, endOthers.handler] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: t.signOutOthers }));
    const dialog = await within(document.body).findByTestId('end-session-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: t.confirm }));
    await expectToast(t.signedOutCount(2));
    await expect(endOthers.calls).toHaveLength(1);
    await waitFor(() => expect(canvas.getAllByTestId('profile-device')).toHaveLength(1));
  },
};

/** 390 px wide: nothing wider than the screen. */
export const Phone: Story = {
  parameters: { msw: [apiHandler('user/sessions', devices)] },
  decorators: [
    (Story) => (
      <Box w="390px" borderWidth="1px" data-testid="phone-frame">
        <Story />
      </Box>
    ),
  ],
  play: async (context) => {
    await List.play!(context);
    const frame = within(context.canvasElement).getByTestId('phone-frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  },
};
