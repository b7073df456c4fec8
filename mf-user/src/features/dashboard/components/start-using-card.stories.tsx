import { cookieNames, messages } from '@portal/contracts';
import { setCookie } from '@portal/platform';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoUser, expectToast, freeUser, prepare } from '../../../test/story-fixtures';
import { StartUsingCard } from './start-using-card';

const meta = {
  title: 'mf-user/Dashboard/StartUsingCard',
  component: StartUsingCard,
  loaders: [() => prepare(demoUser())],
} satisfies Meta<typeof StartUsingCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The platform cookie wins over detection; Windows lists FLClash first, recommended. */
export const Windows: Story = {
  loaders: [
    () => {
      prepare(demoUser());
      setCookie(cookieNames.platform, 'windows', 1);
    },
  ],
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByTestId('platform-windows');
    await expect(within(panel).getByTestId('client-flclash')).toHaveTextContent('推荐');
    await expect(panel).toHaveTextContent('Clash');
    await expect(panel).toHaveTextContent('v2ray');
  },
};

export const ChoosingIos: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'iOS' }));
    const panel = await canvas.findByTestId('platform-ios');
    for (const name of ['Shadowrocket', 'SingBox', 'QuantumultX', 'Streisand', 'V2Box'])
      await expect(panel).toHaveTextContent(name);
    await waitFor(() => expect(document.cookie).toContain(`${cookieNames.platform}=ios`));
  },
};

export const Android: Story = {
  loaders: [
    () => {
      prepare(demoUser());
      setCookie(cookieNames.platform, 'android', 1);
    },
  ],
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByTestId('platform-android');
    for (const name of ['FLClash', 'SingBox', 'Clash', 'v2rayNG', 'Clash Meta'])
      await expect(panel).toHaveTextContent(name);
  },
};

export const MacOS: Story = {
  loaders: [
    () => {
      prepare(demoUser());
      setCookie(cookieNames.platform, 'macos', 1);
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('platform-macos')).toHaveTextContent('v2ray 通用订阅链接');
  },
};

/** The shared Apple ID re-reads user info first and refuses free users. */
export const AppleIdForFreeUser: Story = {
  parameters: { msw: [apiHandler('user/userinfo', freeUser()), apiHandler('permission/mypermissions', [])] },
  loaders: [() => prepare(freeUser())],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('apple-id-link'));
    await expectToast(messages.appleId.paidOnly);
  },
};

export const AppleIdForVisitor: Story = {
  loaders: [() => prepare(null)],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByTestId('apple-id-link'));
    await expectToast(messages.appleId.loginFirst);
  },
};
