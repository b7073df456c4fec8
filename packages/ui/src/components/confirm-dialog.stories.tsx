import {
  expect,
  expectShown,
  fn,
  userEvent,
  waitFor,
  within,
  type Meta,
  type StoryObj,
} from '@portal/storybook/story-kit';
import { ConfirmDialog } from './confirm-dialog.js';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: '解除绑定',
    testId: 'story-confirm-dialog',
    children: '确定要解除 Telegram 绑定吗？',
    cancelLabel: '取消',
    confirmLabel: '确定解除',
    busyLabel: '解除中...',
    danger: true,
    onConfirm: fn(async () => undefined),
    onClose: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const shownAlert = async (name: string) =>
  within(await expectShown(() => within(document.body).findByRole('alertdialog', { name })));

/** An alertdialog: the question, cancel, and the (red) confirm button that runs the action. */
export const Confirm: Story = {
  play: async ({ args }) => {
    const dialog = await shownAlert('解除绑定');
    await expect(dialog.getByText('确定要解除 Telegram 绑定吗？')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: '确定解除' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    // The footer's 取消 (the × in the corner is named 取消 too, and comes last).
    await userEvent.click(dialog.getAllByRole('button', { name: '取消' })[0]!);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

let release: () => void = () => undefined;

/** While the action runs: 解除中..., cancel and × disabled, Esc does not close. */
export const Busy: Story = {
  args: {
    onConfirm: fn(() => new Promise<void>((resolve) => (release = resolve))),
  },
  play: async ({ args }) => {
    const dialog = await shownAlert('解除绑定');
    await userEvent.click(dialog.getByRole('button', { name: '确定解除' }));
    await waitFor(() => expect(dialog.getByText('解除中...')).toBeVisible());
    for (const button of dialog.getAllByRole('button', { name: '取消' })) await expect(button).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(dialog.getByRole('button', { name: '确定解除' })).toBeEnabled());
  },
};
