import { useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { expect, expectShown, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { DialogFrame } from './dialog-frame.js';
import { takeDialogTurn } from './dialog-turn.js';

/** A dialog that opens by itself once it has the turn, after `loadMs` (its chunk loading). */
function SelfOpeningDialog({ title, loadMs }: { title: string; loadMs: number }) {
  const [hasTurn, setHasTurn] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => (closed ? undefined : takeDialogTurn(() => setHasTurn(true))), [closed]);
  useEffect(() => {
    if (!hasTurn) return undefined;
    const timer = setTimeout(() => setLoaded(true), loadMs);
    return () => clearTimeout(timer);
  }, [hasTurn, loadMs]);
  if (closed || !loaded) return null;
  return (
    <DialogFrame title={title} testId={title} onClose={() => setClosed(true)} cancelLabel="知道了">
      <Text>{title}的内容。</Text>
    </DialogFrame>
  );
}

function TwoSelfOpeningDialogs() {
  return (
    <>
      <Text>页面内容</Text>
      <SelfOpeningDialog title="每日购买提醒" loadMs={400} />
      <SelfOpeningDialog title="网站公告" loadMs={0} />
    </>
  );
}

const meta = { title: 'UI/DialogTurn', component: TwoSelfOpeningDialogs } satisfies Meta<typeof TwoSelfOpeningDialogs>;

export default meta;
type Story = StoryObj<typeof meta>;

const openModals = () => document.querySelectorAll('[role="dialog"][aria-modal="true"]').length;

/**
 * Two dialogs want to open by themselves at once, the first with a slow chunk: the second waits
 * for the first to load and close, so they never stack.
 */
export const NeverStacked: Story = {
  play: async () => {
    const body = within(document.body);
    const first = await expectShown(() => body.findByRole('dialog', { name: '每日购买提醒' }));
    // The second, whose chunk is quicker, waited through the first one's loading.
    await expect(openModals()).toBe(1);
    await userEvent.click(within(first).getByRole('button', { name: '知道了' }));
    const second = await expectShown(() => body.findByRole('dialog', { name: '网站公告' }));
    await expect(openModals()).toBe(1);
    await userEvent.click(within(second).getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(openModals()).toBe(0));
    await expect(document.body.hasAttribute('data-dialog-turn')).toBe(false);
  },
};
