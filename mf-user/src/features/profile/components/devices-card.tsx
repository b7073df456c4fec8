import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type SessionDevice } from '@portal/contracts';
import { deviceName, sessionMessages as t } from '@portal/contracts/sessions';
import { formatDateTime, useCallData } from '@portal/platform';
import { EmptyState, lazyDialog, RegionError } from '@portal/ui';
import { listSessions } from '../api/sessions';
import type { EndSessionDialogProps } from './end-session-dialog';

const EndSessionDialog = lazyDialog<EndSessionDialogProps>(() => import('./end-session-dialog'));
const isList = (data: unknown) => Array.isArray(data);

/**
 * 登录设备 on /user_info (issue 25): every signed-in device of the account (browser · system,
 * address, last and first seen; 当前设备 for this one), 退出 on each other one and 退出其他设备,
 * each after a confirmation.
 */
export function DevicesCard() {
  const { state, retry } = useCallData(listSessions, { valid: isList });
  const [target, setTarget] = useState<SessionDevice | 'others' | null>(null);
  const others = state.status === 'ready' ? state.data.filter((d) => !d.current).length : 0;

  return (
    <Card.Root size="sm" data-testid="profile-devices">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" gap="2" flexWrap="wrap">
            <Heading size="md" as="h2">
              {t.title}
            </Heading>
            {others > 0 && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => setTarget('others')}
                onPointerEnter={EndSessionDialog.preload}
              >
                {t.signOutOthers}
              </Button>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t.note}
          </Text>
          {state.status === 'loading' && (
            <Stack gap="2" aria-busy="true" data-testid="profile-devices-loading">
              <Skeleton height="64px" borderRadius="l2" />
              <Skeleton height="64px" borderRadius="l2" />
            </Stack>
          )}
          {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
          {state.status === 'ready' && state.data.length === 0 && <EmptyState />}
          {state.status === 'ready' && state.data.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t.title}>
              {state.data.map((device) => (
                <HStack
                  as="li"
                  key={device.id}
                  gap="3"
                  p="3"
                  borderWidth="1px"
                  borderRadius="l2"
                  justify="space-between"
                  align="flex-start"
                  data-testid="profile-device"
                >
                  <Stack gap="0.5" minW="0">
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
                      {t.lastSeen(formatDateTime(device.lastSeenAt))}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t.firstSeen(formatDateTime(device.createdAt))}
                    </Text>
                  </Stack>
                  {!device.current && (
                    <Button
                      size="sm"
                      variant="outline"
                      flexShrink={0}
                      aria-label={`${t.signOut} ${deviceName(device)}`}
                      onClick={() => setTarget(device)}
                      onPointerEnter={EndSessionDialog.preload}
                    >
                      {t.signOut}
                    </Button>
                  )}
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
      {target !== null && <EndSessionDialog target={target} onClose={() => setTarget(null)} onDone={retry} />}
    </Card.Root>
  );
}
