import { useCallback, useState } from 'react';
import { Badge, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Codes, toastMs } from '@portal/contracts';
import { deviceName, sessionMessages as t } from '@portal/contracts/sessions';
import { formatDateTime, notify, useCallData } from '@portal/platform';
import { EmptyState, RegionError } from '@portal/ui';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { endUserSessions, userSessions } from '../api/user-sessions';
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
      confirmLabel={count > 0 ? t.signOutAll : undefined}
      danger
      onConfirm={() => setConfirming(true)}
    >
      {state.status === 'loading' && (
        <Stack gap="2" aria-busy="true" data-testid="user-devices-loading">
          <Skeleton height="56px" borderRadius="l2" />
          <Skeleton height="56px" borderRadius="l2" />
        </Stack>
      )}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && <EmptyState />}
      {state.status === 'ready' && state.data.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t.title}>
          {state.data.map((device) => (
            <Stack
              as="li"
              key={device.id}
              gap="0.5"
              p="3"
              borderWidth="1px"
              borderRadius="l2"
              data-testid="user-device"
            >
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight="medium" wordBreak="break-word">
                  {deviceName(device)}
                </Text>
                {device.current && (
                  <Badge colorPalette="green" variant="subtle">
                    {t.current}
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                {device.ip ?? t.unknownIp}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t.lastSeen(formatDateTime(device.lastSeenAt))} · {t.firstSeen(formatDateTime(device.createdAt))}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </DialogFrame>
  );
}
