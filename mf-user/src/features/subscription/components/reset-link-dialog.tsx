import { useState } from 'react';
import { Button, CloseButton, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { Codes, messages, toastMs, userMessages } from '@portal/contracts';
import { notify, useSession } from '@portal/platform';
import { resetUserkey } from '../api/reset-userkey';

export interface ResetLinkDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Confirm step before replacing the subscription key. Success tells the user to resubscribe and
 * re-reads user info, which rebuilds every link on the page.
 */
export function ResetLinkDialog({ open, onClose }: ResetLinkDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await resetUserkey();
    setBusy(false);
    if (result.code === Codes.OK) {
      const { user, setUser, refresh } = useSession.getState();
      if (user && result.data?.userkey) setUser({ ...user, userkey: result.data.userkey });
      notify({ kind: 'success', title: messages.subscription.resetDone, durationMs: toastMs.medium });
      onClose();
      void refresh();
      return;
    }
    if (result.code === Codes.NOT_ALLOWED) {
      notify({ kind: 'error', title: messages.subscription.resetNotAllowed, durationMs: toastMs.medium });
      onClose();
    } else if (result.status !== 502) {
      notify({ kind: 'error', title: result.msg || messages.subscription.networkRetry, durationMs: toastMs.short });
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && !busy && onClose()}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="reset-link-dialog">
            <Dialog.Header>
              <Dialog.Title>{messages.subscription.resetTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{messages.subscription.resetWarning}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {userMessages.menu.cancel}
              </Button>
              <Button
                colorPalette="red"
                onClick={() => void confirm()}
                loading={busy}
                loadingText={userMessages.menu.resetting}
              >
                {userMessages.menu.confirm}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={userMessages.menu.cancel} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
