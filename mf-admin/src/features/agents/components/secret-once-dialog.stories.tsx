import { expect, fn, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { asAdmin, alertDialog, page } from '../../../test/story-fixtures';
import SecretOnceDialog from './secret-once-dialog';

const meta = {
  title: 'mf-admin/Agents/SecretOnceDialog',
  component: SecretOnceDialog,
  ...asAdmin,
  args: { name: '东京 01', secret: 'nsk_4f3c2b1a09e8d7c6b5a4f3e2d1c0b9a8', onClose: fn() },
} satisfies Meta<typeof SecretOnceDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The secret, the warning that it will not be shown again, copy, and 我已保存 to close. */
export const ShownOnce: Story = {
  play: async ({ args }) => {
    const dialog = within(await alertDialog('节点「东京 01」的密钥'));
    await expect(dialog.getByTestId('agent-secret')).toHaveTextContent(args.secret);
    await expect(dialog.getByText('此密钥只显示这一次，关闭后无法再次查看，请立即复制保存。')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: '复制密钥' }));
    await waitFor(() => expect(page().getByText(/已复制到剪切板|复制失败/)).toBeVisible());
    await expect(args.onClose).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: '我已保存' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
