import { Codes, toastMs, type SessionDevice } from '@portal/contracts';
import { deviceName, sessionMessages as t } from '@portal/contracts/sessions';
import { notify } from '@portal/platform';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { endOtherSessions, endSession } from '../api/sessions';

export interface EndSessionDialogProps {
  /** One other device, or every device but this one. */
  target: SessionDevice | 'others';
  onClose: () => void;
  /** After the call (done or refused): the list is read again. */
  onDone: () => void;
}

/** The confirmation before signing out another device, or all other devices (登录设备, issue 25). */
export default function EndSessionDialog({ target, onClose, onDone }: EndSessionDialogProps) {
  const others = target === 'others';

  async function confirm() {
    const result = others ? await endOtherSessions() : await endSession(target.id);
    // A network failure keeps the dialog open; the client has told the user already.
    if (result.status === 502) return;
    if (result.code === Codes.OK) {
      const ended = others ? ((result.data as { ended?: number } | undefined)?.ended ?? 0) : 1;
      notify({ kind: 'success', title: others ? t.signedOutCount(ended) : t.signedOut, durationMs: toastMs.short });
    } else {
      notify({ kind: 'error', title: result.msg ? `${t.failed}:${result.msg}` : t.failed, durationMs: toastMs.short });
    }
    onClose();
    onDone();
  }

  return (
    <ConfirmDialog
      title={others ? t.confirmOthersTitle : t.confirmOneTitle}
      testId="end-session-dialog"
      cancelLabel={t.cancel}
      confirmLabel={t.confirm}
      busyLabel={t.busy}
      danger
      onConfirm={confirm}
      onClose={onClose}
    >
      {others ? t.confirmOthersText : t.confirmOneText(deviceName(target))}
    </ConfirmDialog>
  );
}
