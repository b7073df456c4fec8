import type { ReactNode } from 'react';
import { Badge, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { SessionDevice } from '@portal/contracts';
import { deviceName, sessionMessages as t } from '@portal/contracts/sessions';
import { formatDateTime, type CallData } from '@portal/platform';
import { EmptyState } from './empty-state';
import { RegionError } from './region-error';

export interface DeviceListProps {
  /** The signed-in devices as loaded (useCallData's state). */
  state: CallData<SessionDevice[]>;
  onRetry: () => void;
  /** Test ids: of each row, and of the skeleton shown while loading. */
  testIds: { row: string; loading: string };
  /** What a row offers beside its facts (the user's own list: 退出 on every other device). */
  action?: (device: SessionDevice) => ReactNode;
}

/**
 * The signed-in devices of one account (issue 25), as the user sees them on /user_info and an
 * operator in the user's detail: browser · system, 当前设备, address, last and first seen; with
 * its loading, error and empty states.
 */
export function DeviceList({ state, onRetry, testIds, action }: DeviceListProps) {
  if (state.status === 'loading') {
    return (
      <Stack gap="2" aria-busy="true" data-testid={testIds.loading}>
        <Skeleton height="64px" borderRadius="l2" />
        <Skeleton height="64px" borderRadius="l2" />
      </Stack>
    );
  }
  if (state.status === 'error') return <RegionError title={t.loadFailed} detail={state.message} onRetry={onRetry} />;
  if (state.data.length === 0) return <EmptyState />;
  return (
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
          data-testid={testIds.row}
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
          {action?.(device)}
        </HStack>
      ))}
    </Stack>
  );
}
