import { expect, fn, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { demoAnnouncement } from '../../../testing/story-fixtures';
import { AnnouncementDialog } from './announcement-dialog';

const meta = {
  title: 'shell/AnnouncementDialog',
  component: AnnouncementDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onRetry: fn(),
    state: { status: 'ready', notice: demoAnnouncement },
  },
} satisfies Meta<typeof AnnouncementDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Overlays fade in: wait until the element is really visible. */
const shown = (element: HTMLElement) => waitFor(() => expect(element).toBeVisible());

const page = () => within(document.body);

/** Title, the red 重要 mark, the content as text with its line breaks, and the help lines. */
export const Important: Story = {
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: '最新公告' }));
    await expect(dialog.getByTestId('announcement-important')).toHaveTextContent('重要');
    await expect(dialog.getByTestId('announcement-content').textContent).toBe(demoAnnouncement.notice_content);
    await expect(dialog.getByRole('link', { name: 'https://entry.example.com' })).toHaveAttribute('target', '_blank');
    await shown(dialog.getByRole('link', { name: '加入交流群' }));
    await expect(dialog.getByRole('link', { name: '提交工单' })).toHaveAttribute('href', '/feedback');
    await shown(dialog.getByText(/我们会在一个工作日内回复/));
  },
};

/** Markup in the content stays text: nothing is rendered as HTML. */
export const PlainWithMarkup: Story = {
  args: {
    state: {
      status: 'ready',
      notice: {
        ...demoAnnouncement,
        notice_mark_red: false,
        notice_title: '',
        notice_content: '请勿点击 <a href="javascript:alert(1)">这里</a>\n<b>不是粗体</b>',
        chat_group_url: '',
      },
    },
  },
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: '最新公告' }));
    await shown(dialog.getByText(/<b>不是粗体<\/b>/));
    await expect(dialog.queryByRole('link', { name: '这里' })).toBeNull();
    await expect(dialog.queryByTestId('announcement-important')).toBeNull();
  },
};

/** While the announcement loads: a status line, no text and no retry yet; 知道了 still closes. */
export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async ({ args }) => {
    const dialog = within(await page().findByRole('dialog', { name: '最新公告' }));
    await shown(dialog.getByRole('status'));
    await expect(dialog.getByRole('status')).toHaveTextContent('加载中...');
    await expect(dialog.queryByTestId('announcement-content')).toBeNull();
    await expect(dialog.queryByRole('button', { name: '重试' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

export const LoadFailed: Story = {
  args: { state: { status: 'error' } },
  play: async ({ args }) => {
    const dialog = within(await page().findByRole('dialog', { name: '最新公告' }));
    await shown(dialog.getByText('公告加载失败'));
    dialog.getByRole('button', { name: '重试' }).click();
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const NoAnnouncement: Story = {
  args: { state: { status: 'ready', notice: { ...demoAnnouncement, notice_title: '', notice_content: '' } } },
  play: async () => {
    await shown(await page().findByText('暂无记录'));
  },
};
