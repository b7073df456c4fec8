import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { engineLabels as t } from '../labels';
import { AdminDialog } from './admin-dialog';

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
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  }
  return (
    <AdminDialog
      title={t.confirmTitle}
      testId="confirm-dialog"
      role="alertdialog"
      size="sm"
      busy={busy}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button colorPalette={danger ? 'red' : 'brand'} onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{question}</Text>
    </AdminDialog>
  );
}
