import { messages, tutorialMessages } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { demoUser, setStoryPortal } from '@portal/storybook/fixtures';
import { expect, userEvent, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import clashForAndroid from '../definitions/clash-for-android';
import flclashForPc from '../definitions/flclash-for-pc';
import ssForIos from '../definitions/ss-for-ios';
import streisandForIos from '../definitions/streisand-for-ios';
import v2rayngForWindows from '../definitions/v2rayng-for-windows';
import { GuideView } from './guide-view';

const signedIn = () => {
  setStoryPortal();
  useSession.getState().setUser(demoUser());
};
const visitor = () => {
  setStoryPortal();
  useSession.getState().setUser(null);
};

const meta = {
  title: 'mf-tutorials/Guides/GuideView',
  component: GuideView,
  args: { guide: flclashForPc },
  loaders: [signedIn],
} satisfies Meta<typeof GuideView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A signed-in user: the one-tap button carries the user's own link in FLClash's scheme. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'FLClash Windows 使用教程' })).toBeInTheDocument();
    await expect(
      within(canvas.getByRole('list', { name: tutorialMessages.steps })).getAllByRole('listitem'),
    ).toHaveLength(6);
    const oneTap = canvas.getByRole('link', { name: tutorialMessages.oneTap });
    await expect(oneTap.getAttribute('href')).toMatch(
      /^flclash:\/\/install-config\?url=.*api%2Fsubscript%2Fflclash%2F/,
    );
    await expect(canvas.getAllByRole('img').length).toBeGreaterThan(0);
  },
};

/** A visitor is asked to log in; no link of anyone is shown. */
export const Visitor: Story = {
  loaders: [visitor],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: tutorialMessages.oneTap })).toBeNull();
    const login = canvas.getAllByRole('link', { name: tutorialMessages.login })[0]!;
    await expect(login).toHaveAttribute('href', '/#/login');
  },
};

/** On the Streisand guide a visitor's copy is refused with a toast (spec-1 §5), not an inline note. */
export const StreisandVisitor: Story = {
  args: { guide: streisandForIos },
  loaders: [visitor],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(tutorialMessages.loginNeeded)).toBeNull();
    await userEvent.click(canvas.getAllByRole('button', { name: tutorialMessages.copyLink })[0]!);
    await expect(await within(document.body).findByText(messages.appleId.loginFirstStreisand)).toBeInTheDocument();
  },
};

/** Clash for Android advises the daily auto-update interval. */
export const ClashForAndroid: Story = {
  args: { guide: clashForAndroid },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/1440 分钟/)).toBeInTheDocument();
  },
};

/** v2rayN registers no URL scheme: no one-tap step, copy only, and the version rule. */
export const NoOneTap: Story = {
  args: { guide: v2rayngForWindows },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: tutorialMessages.oneTap })).toBeNull();
    await expect(canvas.getByRole('button', { name: tutorialMessages.copyLink })).toBeInTheDocument();
  },
};

/** Shadowrocket's one-tap import needs a phone, as on the dashboard; Storybook runs on a desktop. */
export const OneTapNeedsPhone: Story = {
  args: { guide: ssForIos },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: tutorialMessages.oneTap }));
    await expect(await within(document.body).findByText(messages.subscription.mobileOnly)).toBeInTheDocument();
  },
};
