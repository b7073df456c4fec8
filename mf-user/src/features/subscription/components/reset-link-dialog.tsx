import { Codes, messages, toastMs, userMessages } from '@portal/contracts';
import { notify, useSession } from '@portal/platform';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
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
  async function confirm() {
    const result = await resetUserkey();
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
    <ConfirmDialog
      title={messages.subscription.resetTitle}
      testId="reset-link-dialog"
      open={open}
      cancelLabel={userMessages.menu.cancel}
      confirmLabel={userMessages.menu.confirm}
      busyLabel={userMessages.menu.resetting}
      danger
      onConfirm={confirm}
      onClose={onClose}
    >
      {messages.subscription.resetWarning}
    </ConfirmDialog>
  );
}
