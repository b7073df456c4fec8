import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Text } from '@chakra-ui/react';
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
import { DialogFrame } from './dialog-frame.js';

const meta = {
  title: 'UI/DialogFrame',
  component: DialogFrame,
  args: {
    title: '转赠流量',
    testId: 'story-dialog',
    onClose: fn(),
    cancelLabel: '取消',
    confirmLabel: '确定',
    onConfirm: fn(),
    children: <Text>对话框的内容。</Text>,
  },
} satisfies Meta<typeof DialogFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const shownDialog = async (name: string) => within(await expectShown(() => body().findByRole('dialog', { name })));

/** Title, body, cancel and confirm; cancel, × and Esc close. */
export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await shownDialog('转赠流量');
    await expect(body().getByTestId('story-dialog')).toBeVisible();
    await expect(dialog.getByText('对话框的内容。')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: '确定' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: '取消' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: '关闭' }));
    await expect(args.onClose).toHaveBeenCalledTimes(2);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(3));
  },
};

/** While its request runs the dialog cannot be closed: buttons disabled, Esc ignored. */
export const Busy: Story = {
  args: { busy: true, busyLabel: '提交中...' },
  play: async ({ args }) => {
    const dialog = await shownDialog('转赠流量');
    await expect(dialog.getByRole('button', { name: '取消' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: '关闭' })).toBeDisabled();
    await expect(dialog.getByText('提交中...')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(body().getByTestId('story-dialog')).toBeVisible();
  },
};

function FormDialog({ onSent }: { onSent: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <DialogFrame
      title="领取流量"
      testId="story-form-dialog"
      onClose={() => undefined}
      closeOnOutsideClick={false}
      cancelLabel="取消"
      confirmLabel="领取"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSent(code);
      }}
    >
      <Field.Root>
        <Field.Label>转赠码</Field.Label>
        <Input value={code} onChange={(event) => setCode(event.target.value)} />
      </Field.Root>
    </DialogFrame>
  );
}

/** The whole dialog is a form: Enter in the field submits, as does the main button. */
export const Form: Story = {
  render: (args) => <FormDialog onSent={args.onConfirm as (code: string) => void} />,
  play: async ({ args }) => {
    const dialog = await shownDialog('领取流量');
    await userEvent.type(dialog.getByLabelText('转赠码'), 'G-1234{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledWith('G-1234');
    await userEvent.click(dialog.getByRole('button', { name: '领取' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(2);
  },
};

/** Other footer buttons only; on a phone the dialog keeps 12 px from the screen's edges. */
export const WithActions: Story = {
  args: {
    title: '转赠成功',
    cancelLabel: undefined,
    confirmLabel: undefined,
    actions: <Button colorPalette="brand">知道了</Button>,
  },
  play: async () => {
    const dialog = await shownDialog('转赠成功');
    await expect(dialog.getByRole('button', { name: '知道了' })).toBeVisible();
    await expect(dialog.queryByRole('button', { name: '取消' })).toBeNull();
    const style = getComputedStyle(body().getByTestId('story-dialog'));
    await expect([style.marginLeft, style.marginRight]).toEqual(['12px', '12px']);
  },
};
