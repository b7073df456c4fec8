import { Codes, toastMs, type SubscriptionDevice } from '@portal/contracts';
import { clientDeviceMessages as t, clientDeviceName } from '@portal/contracts/subscription-devices';
import { notify, type CallResult } from '@portal/platform';
import { ConfirmDialog } from './confirm-dialog';

export interface RemoveClientDeviceDialogProps {
  device: SubscriptionDevice;
  /** The user's own call, or the operator's for that user. */
  remove: (id: string) => Promise<CallResult<unknown>>;
  onClose: () => void;
  /** After the call (done or refused): the list is read again. */
  onDone: () => void;
}

/** The confirmation before removing a subscription device (客户端设备, issue 27): its place is free at once. */
export default function RemoveClientDeviceDialog({ device, remove, onClose, onDone }: RemoveClientDeviceDialogProps) {
  async function confirm() {
    const result = await remove(device.id);
    // A network failure keeps the dialog open; the client has told the user already.
    if (result.status === 502) return;
    if (result.code === Codes.OK) notify({ kind: 'success', title: t.removed, durationMs: toastMs.short });
    else
      notify({ kind: 'error', title: result.msg ? `${t.failed}:${result.msg}` : t.failed, durationMs: toastMs.short });
    onClose();
    onDone();
  }

  return (
    <ConfirmDialog
      title={t.confirmTitle}
      testId="remove-client-device-dialog"
      cancelLabel={t.cancel}
      confirmLabel={t.confirm}
      busyLabel={t.busy}
      danger
      onConfirm={confirm}
      onClose={onClose}
    >
      {t.confirmText(clientDeviceName(device))}
    </ConfirmDialog>
  );
}
