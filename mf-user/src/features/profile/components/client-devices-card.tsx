import { useState } from 'react';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { SubscriptionDevice } from '@portal/contracts';
import { clientDeviceMessages as t, clientDeviceName } from '@portal/contracts/subscription-devices';
import { useCallData } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { ClientDeviceList } from '@portal/ui/client-device-list';
import type { RemoveClientDeviceDialogProps } from '@portal/ui/remove-client-device-dialog';
import { listClientDevices, removeClientDevice } from '../api/client-devices';

const RemoveDialog = lazyDialog<RemoveClientDeviceDialogProps>(() => import('@portal/ui/remove-client-device-dialog'));
const isDevices = (data: unknown) =>
  typeof data === 'object' && data !== null && Array.isArray((data as { devices?: unknown }).devices);

/**
 * 客户端设备 on /user_info (issue 27): the clients that imported the subscription link, counted
 * against the device limit, each with 移除 after a confirmation.
 */
export function ClientDevicesCard() {
  const { state, retry } = useCallData(listClientDevices, { valid: isDevices });
  const [target, setTarget] = useState<SubscriptionDevice | null>(null);

  return (
    <Card.Root size="sm" data-testid="profile-client-devices">
      <Card.Body>
        <Stack gap="3">
          <Heading size="md" as="h2">
            {t.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t.note}
          </Text>
          <ClientDeviceList
            state={state}
            onRetry={retry}
            testIds={{ row: 'profile-client-device', loading: 'profile-client-devices-loading' }}
            action={(device) => (
              <Button
                size="sm"
                variant="outline"
                flexShrink={0}
                aria-label={`${t.remove} ${clientDeviceName(device)}`}
                onClick={() => setTarget(device)}
                onPointerEnter={RemoveDialog.preload}
              >
                {t.remove}
              </Button>
            )}
          />
        </Stack>
      </Card.Body>
      {target !== null && (
        <RemoveDialog device={target} remove={removeClientDevice} onClose={() => setTarget(null)} onDone={retry} />
      )}
    </Card.Root>
  );
}
