import { useCallback, useState } from 'react';
import { Badge, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Table } from '@chakra-ui/react/table';
import type { SubscriptionDevice } from '@portal/contracts';
import { clientDeviceMessages as t } from '@portal/contracts/subscription-devices';
import { formatDateTime, useCallData, useSession } from '@portal/platform';
import { EmptyState } from '@portal/ui';
import { ClientDeviceList } from '@portal/ui/client-device-list';
import { DialogFrame } from '@portal/ui/dialog-frame';
import RemoveClientDeviceDialog from '@portal/ui/remove-client-device-dialog';
import { holds } from '../../../lib/access';
import { removeUserClientDevice, userClientDevices } from '../api/user-client-devices';
import { userLabels } from '../labels';

export interface UserClientDevicesDialogProps {
  userId: string;
  email: string;
  onClose: () => void;
}

const isView = (data: unknown) =>
  typeof data === 'object' && data !== null && Array.isArray((data as { fetches?: unknown }).fetches);

/**
 * 客户端设备 of a user in the back office (issue 27): where the limit comes from, the devices (移除
 * to users.edit) and the latest fetches of the link with their address, client and answer: many
 * addresses or devices in a short time are the sign of a shared link.
 */
export default function UserClientDevicesDialog({ userId, email, onClose }: UserClientDevicesDialogProps) {
  const load = useCallback(() => userClientDevices(userId), [userId]);
  const { state, retry } = useCallData(load, { valid: isView });
  const [target, setTarget] = useState<SubscriptionDevice | null>(null);
  const userType = useSession((s) => s.user?.type);
  const permissions = useSession((s) => s.user?.staff?.permissions);
  const canRemove = holds('users.edit', userType, permissions);
  const remove = useCallback((id: string) => removeUserClientDevice(userId, id), [userId]);

  if (target !== null) {
    return <RemoveClientDeviceDialog device={target} remove={remove} onClose={() => setTarget(null)} onDone={retry} />;
  }
  return (
    <DialogFrame
      title={userLabels.clientDevicesTitle(email)}
      testId="user-client-devices"
      size="lg"
      onClose={onClose}
      cancelLabel={userLabels.close}
    >
      <Stack gap="4">
        {state.status === 'ready' && (
          <Text fontSize="sm" color="fg.muted" data-testid="client-devices-limit-source">
            {t.limitSource(state.data.deviceNum, state.data.packageDeviceNum)}
          </Text>
        )}
        <ClientDeviceList
          state={state}
          onRetry={retry}
          testIds={{ row: 'user-client-device', loading: 'user-client-devices-loading' }}
          action={
            canRemove
              ? (device) => (
                  <Button size="sm" variant="outline" flexShrink={0} onClick={() => setTarget(device)}>
                    {t.remove}
                  </Button>
                )
              : undefined
          }
        />
        {state.status === 'ready' && (
          <Stack gap="2">
            <Heading size="sm" as="h3">
              {t.fetchesTitle}
            </Heading>
            {state.data.fetches.length === 0 ? (
              <EmptyState />
            ) : (
              <Table.ScrollArea borderWidth="1px" borderRadius="l2">
                <Table.Root size="sm" data-testid="user-client-fetches">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{userLabels.fetchAt}</Table.ColumnHeader>
                      <Table.ColumnHeader>{userLabels.fetchIp}</Table.ColumnHeader>
                      <Table.ColumnHeader>{userLabels.fetchClient}</Table.ColumnHeader>
                      <Table.ColumnHeader>{userLabels.fetchKind}</Table.ColumnHeader>
                      <Table.ColumnHeader>{userLabels.fetchAnswer}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {state.data.fetches.map((fetch, i) => (
                      <Table.Row key={`${fetch.at}-${i}`}>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(fetch.at)}</Table.Cell>
                        <Table.Cell>{fetch.ip}</Table.Cell>
                        <Table.Cell wordBreak="break-all">{fetch.userAgent}</Table.Cell>
                        <Table.Cell>{fetch.kind}</Table.Cell>
                        <Table.Cell>
                          {fetch.refused === null ? (
                            <Badge colorPalette="green">{t.fetchServed}</Badge>
                          ) : (
                            <Badge colorPalette="red">{t.fetchRefused[fetch.refused] ?? fetch.refused}</Badge>
                          )}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>
        )}
      </Stack>
    </DialogFrame>
  );
}
