import { Button } from '@chakra-ui/react';
import type { NoticeKind } from '@portal/platform';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { showToast } from './toast-host.js';

/** A button that raises a toast; the Toaster itself is mounted by PortalProvider. */
function ToastTrigger({ kind, title }: { kind: NoticeKind; title: string }) {
  return (
    <Button m="4" onClick={() => showToast({ kind, title })}>
      显示提示
    </Button>
  );
}

const meta = {
  title: 'UI/Toast',
  component: ToastTrigger,
  args: { kind: 'success', title: '操作成功' },
  argTypes: { kind: { control: 'inline-radio', options: ['success', 'error', 'info', 'warning'] } },
} satisfies Meta<typeof ToastTrigger>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  args: {},
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '显示提示' }));
    // The toaster renders in a portal outside the story's canvas, and fades in.
    const toast = await within(document.body).findByText(args.title);
    await waitFor(() => expect(toast).toBeVisible());
  },
};

/** An error notice: the same toast with the error type (red indicator). */
export const Failure: Story = {
  args: { kind: 'error', title: '网络错误，请稍后重试' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '显示提示' }));
    const title = await expectToast('网络错误，请稍后重试');
    await expect(title.closest('[data-testid="toast"]')).toHaveAttribute('data-type', 'error');
  },
};
