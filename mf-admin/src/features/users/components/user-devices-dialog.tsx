import { useCallback, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Codes, toastMs } from '@portal/contracts';
import { sessionMessages as t } from '@portal/contracts/sessions';
import { notify, useCallData, useSession } from '@portal/platform';
import { DeviceList } from '@portal/ui/device-list';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { endUserSessions, userSessions } from '../api/user-sessions';
import { holds } from '../../../lib/access';
import { userLabels } from '../labels';

export interface UserDevicesDialogProps {
  userId: string;
  email: string;
  onClose: () => void;
}

const isList = (data: unknown) => Array.isArray(data);

/**
 * 登录设备 of a user in the back office (issue 25): the same list the user sees on /user_info,
 * read-only, and 全部退出 after a confirmation (the user must sign in again everywhere).
 */
export default function UserDevicesDialog({ userId, email, onClose }: UserDevicesDialogProps) {
  const load = useCallback(() => userSessions(userId), [userId]);
  const { state, retry } = useCallData(load, { valid: isList });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const count = state.status === 'ready' ? state.data.length : 0;
  // Ending the sessions is an edit (users.edit); who may only read sees the list.
  const userType = useSession((s) => s.user?.type);
  const permissions = useSession((s) => s.user?.staff?.permissions);
  const canEnd = holds('users.edit', userType, permissions);

  async function endAll() {
    setBusy(true);
    const result = await endUserSessions(userId);
    setBusy(false);
    if (result.status === 502) return;
    setConfirming(false);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.signedOutCount(result.data.ended), durationMs: toastMs.short });
    } else {
      notify({ kind: 'error', title: result.msg ? `${t.failed}:${result.msg}` : t.failed, durationMs: toastMs.short });
    }
    retry();
  }

  if (confirming) {
    return (
      <DialogFrame
        title={t.confirmAllTitle}
        testId="user-devices-confirm"
        role="alertdialog"
        busy={busy}
        onClose={() => setConfirming(false)}
        cancelLabel={t.cancel}
        confirmLabel={t.confirm}
        busyLabel={t.busy}
        danger
        onConfirm={() => void endAll()}
      >
        <Text>{t.confirmAllText}</Text>
        <Text mt="2" color="fg.muted" wordBreak="break-all">
          {email}
        </Text>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      title={userLabels.devicesTitle(email)}
      testId="user-devices"
      size="md"
      onClose={onClose}
      cancelLabel={userLabels.close}
      confirmLabel={canEnd && count > 0 ? t.signOutAll : undefined}
      danger
      onConfirm={() => setConfirming(true)}
    >
      <DeviceList state={state} onRetry={retry} testIds={{ row: 'user-device', loading: 'user-devices-loading' }} />
    </DialogFrame>
  );
}
