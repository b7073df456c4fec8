import type { ReactNode } from 'react';
import { HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { SubscriptionDevice, SubscriptionDevices } from '@portal/contracts';
import { clientDeviceMessages as t, clientDeviceName } from '@portal/contracts/subscription-devices';
import { formatDateTime, type CallData } from '@portal/platform';
import { EmptyState } from './empty-state';
import { RegionError } from './region-error';

export interface ClientDeviceListProps {
  /** The user's subscription devices as loaded (useCallData's state). */
  state: CallData<SubscriptionDevices>;
  onRetry: () => void;
  /** Test ids: of each row, and of the skeleton shown while loading. */
  testIds: { row: string; loading: string };
  /** What a row offers beside its facts (移除). */
  action?: (device: SubscriptionDevice) => ReactNode;
}

/**
 * The subscription devices of one account (issue 27), as the user sees them on /user_info and an
 * operator in the user's detail: the places used against the limit, then each device (model ·
 * system, client, address, last and first fetch), with loading, error and empty states.
 */
export function ClientDeviceList({ state, onRetry, testIds, action }: ClientDeviceListProps) {
  if (state.status === 'loading') {
    return (
      <Stack gap="2" aria-busy="true" data-testid={testIds.loading}>
        <Skeleton height="64px" borderRadius="l2" />
      </Stack>
    );
  }
  if (state.status === 'error') return <RegionError title={t.loadFailed} detail={state.message} onRetry={onRetry} />;
  const { devices, limit } = state.data;
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="medium" data-testid="client-devices-used">
        {t.limit(devices.length, limit)}
      </Text>
      {devices.length === 0 ? (
        <EmptyState />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t.title}>
          {devices.map((device) => (
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
                <Text fontWeight="medium" wordBreak="break-word">
                  {clientDeviceName(device)}
                </Text>
                {device.client !== '' && (
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {device.client}
                  </Text>
                )}
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {device.lastIp}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t.lastSeen(formatDateTime(device.lastSeenAt))}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t.firstSeen(formatDateTime(device.firstSeenAt))}
                </Text>
              </Stack>
              {action?.(device)}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
