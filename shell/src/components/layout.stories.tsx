import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { ANNOUNCEMENT_SEEN_KEY, announcementFingerprint } from '../features/announcement/lib/announcement-schedule';
import { asVisitor, demoAnnouncement } from '../testing/story-fixtures';
import { Layout } from './layout';

const meta = {
  title: 'shell/Layout',
  component: Layout,
  args: {},
} satisfies Meta<typeof Layout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Overlays fade in: wait until the element is really visible. */
const shown = (element: HTMLElement) => waitFor(() => expect(element).toBeVisible());

const page = () => within(document.body);

/** The frame on a first visit: host/get says there is an announcement, so it opens by itself. */
export const FirstVisitAnnouncement: Story = {
  parameters: { msw: [apiHandler('host/get', { preferDomain: '', notice: demoAnnouncement })] },
  loaders: [
    () => {
      localStorage.removeItem(ANNOUNCEMENT_SEEN_KEY);
      asVisitor();
    },
  ],
  play: async ({ canvasElement }) => {
    await page().findByRole('dialog', { name: '最新公告' });
    await userEvent.click(page().getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(page().queryByRole('dialog', { name: '最新公告' })).toBeNull());
    // The footer brings it back; the footer also carries the 2022 copyright and the panel link.
    const footer = within(canvasElement.querySelector('footer')!);
    await shown(footer.getByText(/Copyright © 2022/));
    await expect(footer.getByRole('link', { name: '面板首页' })).toHaveAttribute('href', '#/');
    await userEvent.click(footer.getByRole('button', { name: '最新公告' }));
    await shown(await page().findByRole('dialog', { name: '最新公告' }));
  },
};

/** Seen today with a one-day interval: the announcement waits for tomorrow. */
export const AnnouncementAlreadySeen: Story = {
  parameters: { msw: [apiHandler('host/get', { preferDomain: '', notice: demoAnnouncement })] },
  loaders: [
    () => {
      localStorage.setItem(
        ANNOUNCEMENT_SEEN_KEY,
        JSON.stringify({ at: Date.now(), fingerprint: announcementFingerprint(demoAnnouncement) }),
      );
      asVisitor();
    },
  ],
  play: async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(page().queryByRole('dialog', { name: '最新公告' })).toBeNull();
  },
};
