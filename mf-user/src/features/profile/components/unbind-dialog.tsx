import { useState } from 'react';
import { Button, CloseButton, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { Codes, toastMs } from '@portal/contracts';
import { notify } from '@portal/platform';
import { unbindTelegram } from '../api/unbind';
import { profileLabels } from '../profile-labels';

const t = profileLabels.telegram;

export interface UnbindDialogProps {
  onClose: () => void;
  /** After the binding ended: the page re-reads user info. */
  onDone: () => Promise<void>;
}

/** The confirmation before the Telegram binding ends (spec-2 §2); 解除成功 / 解除失败 (§8). */
export default function UnbindDialog({ onClose, onDone }: UnbindDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await unbindTelegram();
    setBusy(false);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: profileLabels.messages.unbound, durationMs: toastMs.short });
      onClose();
      await onDone();
      return;
    }
    if (result.status === 502) return;
    const title = result.msg
      ? `${profileLabels.messages.unbindFailed}:${result.msg}`
      : profileLabels.messages.unbindFailed;
    notify({ kind: 'error', title, durationMs: toastMs.short });
    onClose();
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open
      onOpenChange={(details) => !details.open && !busy && onClose()}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="unbind-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.confirmTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t.confirmText}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t.cancel}
              </Button>
              <Button colorPalette="red" onClick={() => void confirm()} loading={busy} loadingText={t.unbinding}>
                {t.confirm}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t.cancel} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
