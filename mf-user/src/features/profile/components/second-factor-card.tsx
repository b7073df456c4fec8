import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type SecondFactorStatus } from '@portal/contracts';
import { secondFactorMessages as m } from '@portal/contracts/second-factor';
import { call, notify, useCallData } from '@portal/platform';
import { lazyDialog, RegionError } from '@portal/ui';
import type { CodeDialogProps, EnrolDialogProps } from '@portal/ui/second-factor';

const EnrolDialog = lazyDialog<EnrolDialogProps>(() =>
  import('@portal/ui/second-factor').then((mod) => ({ default: mod.EnrolDialog })),
);
const CodeDialog = lazyDialog<CodeDialogProps>(() =>
  import('@portal/ui/second-factor').then((mod) => ({ default: mod.CodeDialog })),
);
/** Ten new recovery codes, shown once (a dialog of their own after the code). */
const CodesDialog = lazyDialog<{ codes: string[]; onClose: () => void }>(() =>
  import('./recovery-codes-dialog').then((mod) => ({ default: mod.RecoveryCodesDialog })),
);

const fetchStatus = () => call<SecondFactorStatus>('second_factor/status', {});

type Open = 'enrol' | 'change' | 'remove' | 'codes' | null;

/**
 * 两步验证 on /user_info, for staff only (issue 25): on or off, the recovery codes left; enable
 * (QR, first code, recovery codes), change the authenticator, new recovery codes and switch off,
 * each of the last three with the current code.
 */
export function SecondFactorCard() {
  const { state, retry } = useCallData(fetchStatus);
  const [open, setOpen] = useState<Open>(null);
  const [newCodes, setNewCodes] = useState<string[]>();

  if (state.status === 'loading')
    return <Skeleton height="120px" borderRadius="l2" data-testid="second-factor-loading" />;
  if (state.status === 'error') return <RegionError title={m.loadFailed} detail={state.message} onRetry={retry} />;
  const status = state.data;
  if (!status.staff) return null;
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    retry();
  };

  return (
    <Card.Root size="sm" data-testid="profile-second-factor">
      <Card.Body>
        <Stack gap="3">
          <HStack gap="2" flexWrap="wrap">
            <Heading size="md" as="h2">
              {m.section}
            </Heading>
            <Badge colorPalette={status.enabled ? 'green' : 'gray'} data-testid="second-factor-state">
              {status.enabled ? m.enabled : m.disabled}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {m.intro}
          </Text>
          {status.required && !status.enabled && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {m.requiredNote}
            </Text>
          )}
          {status.enabled && (
            <Text fontSize="sm" data-testid="second-factor-recovery-left">
              {m.recoveryLeft(status.recoveryLeft)}
            </Text>
          )}
          <HStack gap="2" flexWrap="wrap">
            {!status.enabled && (
              <Button colorPalette="brand" onClick={() => setOpen('enrol')} onPointerEnter={EnrolDialog.preload}>
                {m.enable}
              </Button>
            )}
            {status.enabled && (
              <>
                <Button variant="outline" onClick={() => setOpen('change')} onPointerEnter={EnrolDialog.preload}>
                  {m.change}
                </Button>
                <Button variant="outline" onClick={() => setOpen('codes')} onPointerEnter={CodeDialog.preload}>
                  {m.newRecoveryCodes}
                </Button>
                <Button
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setOpen('remove')}
                  onPointerEnter={CodeDialog.preload}
                >
                  {m.remove}
                </Button>
              </>
            )}
          </HStack>
        </Stack>
      </Card.Body>
      {(open === 'enrol' || open === 'change') && (
        <EnrolDialog changing={open === 'change'} onClose={close} onEnrolled={done} />
      )}
      {open === 'remove' && (
        <CodeDialog
          title={m.remove}
          text={m.currentCodeText}
          confirmLabel={m.remove}
          danger
          testId="second-factor-remove"
          submit={(code) => call('second_factor/remove', { code })}
          onDone={() => {
            notify({ kind: 'success', title: m.removedToast });
            done();
          }}
          onClose={close}
        />
      )}
      {open === 'codes' && (
        <CodeDialog
          title={m.newRecoveryCodes}
          text={m.currentCodeText}
          confirmLabel={m.confirm}
          testId="second-factor-new-codes"
          submit={async (code) => {
            const result = await call<{ recoveryCodes: string[] }>('second_factor/recovery_codes', { code });
            if (result.code === 0) setNewCodes(result.data.recoveryCodes);
            return result;
          }}
          onDone={done}
          onClose={close}
        />
      )}
      {newCodes !== undefined && <CodesDialog codes={newCodes} onClose={() => setNewCodes(undefined)} />}
    </Card.Root>
  );
}
