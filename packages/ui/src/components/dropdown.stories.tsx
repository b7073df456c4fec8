import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { expect, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { Dropdown } from './dropdown.js';

/** Two dropdowns owned by one parent, which keeps at most one open. */
function TwoDropdowns() {
  const [open, setOpen] = useState<'a' | 'b' | null>(null);
  const change = (name: 'a' | 'b') => (next: boolean) => setOpen((cur) => (next ? name : cur === name ? null : cur));
  return (
    <Stack direction="row" justify="space-between" p="4">
      <Dropdown open={open === 'a'} onOpenChange={change('a')} label="操作" trigger="操作" align="start" width={200}>
        <Stack gap="0" p="1">
          <Button variant="ghost" justifyContent="flex-start">
            第一项
          </Button>
          <Button variant="ghost" justifyContent="flex-start">
            第二项
          </Button>
        </Stack>
      </Dropdown>
      <Dropdown open={open === 'b'} onOpenChange={change('b')} label="更多" trigger="更多">
        <Stack p="4">更多内容</Stack>
      </Dropdown>
    </Stack>
  );
}

const meta = {
  title: 'UI/Dropdown',
  component: TwoDropdowns,
  args: {},
} satisfies Meta<typeof TwoDropdowns>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Overlays fade in: wait until the element is really visible. */
const shown = (element: HTMLElement) => waitFor(() => expect(element).toBeVisible());

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: '操作' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await shown(canvas.getByRole('dialog', { name: '操作' }));
    await expect(canvas.getByRole('button', { name: '第一项' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: '第二项' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog', { name: '操作' })).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

export const OneAtATime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '操作' }));
    await userEvent.click(canvas.getByRole('button', { name: '更多' }));
    await expect(canvas.queryByRole('dialog', { name: '操作' })).toBeNull();
    await shown(canvas.getByRole('dialog', { name: '更多' }));
    await userEvent.click(document.body);
    await expect(canvas.queryByRole('dialog', { name: '更多' })).toBeNull();
  },
};
