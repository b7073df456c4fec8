import { useState } from 'react';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type SessionDevice } from '@portal/contracts';
import { deviceName, sessionMessages as t } from '@portal/contracts/sessions';
import { useCallData } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { DeviceList } from '@portal/ui/device-list';
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
          <DeviceList
            state={state}
            onRetry={retry}
            testIds={{ row: 'profile-device', loading: 'profile-devices-loading' }}
            action={(device) =>
              !device.current && (
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
              )
            }
          />
        </Stack>
      </Card.Body>
      {target !== null && <EndSessionDialog target={target} onClose={() => setTarget(null)} onDone={retry} />}
    </Card.Root>
  );
}
