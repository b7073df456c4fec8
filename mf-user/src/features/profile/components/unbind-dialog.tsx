import { ConfirmDialog } from '@portal/ui/confirm-dialog';
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
  async function confirm() {
    const result = await unbindTelegram();
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
    <ConfirmDialog
      title={t.confirmTitle}
      testId="unbind-dialog"
      cancelLabel={t.cancel}
      confirmLabel={t.confirm}
      busyLabel={t.unbinding}
      danger
      onConfirm={confirm}
      onClose={onClose}
    >
      {t.confirmText}
    </ConfirmDialog>
  );
}
