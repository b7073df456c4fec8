import { ConfirmDialog as Confirm } from '@portal/ui/confirm-dialog';
import { engineLabels as t } from '../labels';

export interface ConfirmDialogProps {
  question: string;
  confirmLabel?: string;
  /** Red button: the action destroys something. */
  danger?: boolean;
  /** Runs while the dialog waits; the dialog closes when it settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a delete or another action that cannot be undone. */
export default function ConfirmDialog({
  question,
  confirmLabel = t.confirm,
  danger = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  async function confirm() {
    try {
      await onConfirm();
    } finally {
      onClose();
    }
  }
  return (
    <Confirm
      title={t.confirmTitle}
      testId="confirm-dialog"
      closeLabel={t.close}
      cancelLabel={t.cancel}
      confirmLabel={confirmLabel}
      danger={danger}
      onConfirm={confirm}
      onClose={onClose}
    >
      {question}
    </Confirm>
  );
}
