import { useState, type ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { DialogFrame } from './dialog-frame.js';

export interface ConfirmDialogProps {
  title: string;
  testId: string;
  /** The question (a string is shown as one paragraph). */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's text while `onConfirm` runs. */
  busyLabel?: string;
  /** Accessible name of the × (default: the cancel button's text). */
  closeLabel?: string;
  /** Red confirm button: the action destroys or ends something. */
  danger?: boolean;
  /**
   * The action. The dialog is busy (cannot be closed) until it settles; it closes itself only
   * through `onClose`, so the action decides whether to close (say, not on a network failure).
   */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Default: open while mounted. */
  open?: boolean;
}

/** A question before an action (an `alertdialog`): cancel, or confirm and wait for the action. */
export function ConfirmDialog({
  title,
  testId,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  closeLabel = cancelLabel,
  danger = false,
  onConfirm,
  onClose,
  open,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogFrame
      title={title}
      testId={testId}
      role="alertdialog"
      open={open}
      busy={busy}
      onClose={onClose}
      closeLabel={closeLabel}
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      danger={danger}
      onConfirm={() => void confirm()}
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </DialogFrame>
  );
}
