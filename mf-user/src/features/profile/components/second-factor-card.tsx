import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Codes, type PasskeySummary, type SecondFactorRecoveryCodes, type SecondFactorStatus } from '@portal/contracts';
import { passkeyMessages as pk, secondFactorMessages as m } from '@portal/contracts/second-factor';
import { call, formatDate, notify, useCallData, useSession, type CallResult } from '@portal/platform';
import { lazyDialog, RegionError } from '@portal/ui';
import type { ConfirmDialogProps } from '@portal/ui/confirm-dialog';
import type { CodeDialogProps, EnrolDialogProps, StepUpDialogProps } from '@portal/ui/second-factor';
import type { AddPasskeyDialogProps } from './add-passkey-dialog';

const EnrolDialog = lazyDialog<EnrolDialogProps>(() =>
  import('@portal/ui/second-factor').then((mod) => ({ default: mod.EnrolDialog })),
);
const CodeDialog = lazyDialog<CodeDialogProps>(() =>
  import('@portal/ui/second-factor').then((mod) => ({ default: mod.CodeDialog })),
);
const StepUpDialog = lazyDialog<StepUpDialogProps>(() =>
  import('@portal/ui/second-factor').then((mod) => ({ default: mod.StepUpDialog })),
);
const AddPasskeyDialog = lazyDialog<AddPasskeyDialogProps>(() =>
  import('./add-passkey-dialog').then((mod) => ({ default: mod.AddPasskeyDialog })),
);
const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() =>
  import('@portal/ui/confirm-dialog').then((mod) => ({ default: mod.ConfirmDialog })),
);
/** Ten new recovery codes, shown once (a dialog of their own after the code). */
const CodesDialog = lazyDialog<{ codes: string[]; onClose: () => void }>(() =>
  import('./recovery-codes-dialog').then((mod) => ({ default: mod.RecoveryCodesDialog })),
);

const fetchStatus = () => call<SecondFactorStatus>('second_factor/status', {});

type Open =
  | 'enrol'
  | 'change'
  | 'remove'
  | 'codes'
  /** New recovery codes with passkeys only: a question, then the session's check. */
  | 'passkey-codes'
  | { passkey: 'add'; name?: string }
  | { passkey: 'remove'; key: PasskeySummary }
  /** The session's check is older than 10 minutes (1133): the factor first, then `then`. */
  | { check: true; then: Open }
  | null;

/** 通行密钥: the list (name, added, last used) with remove, and 添加通行密钥. */
function PasskeyList({
  passkeys,
  onAdd,
  onRemove,
}: {
  passkeys: PasskeySummary[];
  onAdd: () => void;
  onRemove: (key: PasskeySummary) => void;
}) {
  return (
    <Stack gap="2" data-testid="passkeys">
      <Heading size="sm" as="h3">
        {pk.passkeysTitle}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {pk.passkeysIntro}
      </Text>
      {passkeys.length === 0 ? (
        <Text fontSize="sm" data-testid="passkeys-empty">
          {pk.passkeysEmpty}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={pk.passkeysTitle}>
          {passkeys.map((key) => (
            <HStack
              as="li"
              key={key.id}
              gap="2"
              justify="space-between"
              borderWidth="1px"
              borderRadius="l2"
              px="3"
              py="2"
              data-testid="passkey-row"
            >
              <Box minWidth="0">
                <Text fontWeight="medium" wordBreak="break-all">
                  {key.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {pk.passkeyCreated(formatDate(key.createdAt))} ·{' '}
                  {key.lastUsedAt === null ? pk.passkeyNeverUsed : pk.passkeyLastUsed(formatDate(key.lastUsedAt))}
                </Text>
              </Box>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                flexShrink={0}
                aria-label={`${pk.removePasskey} ${key.name}`}
                onClick={() => onRemove(key)}
              >
                {pk.removePasskey}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <Button alignSelf="flex-start" variant="outline" onClick={onAdd} onPointerEnter={AddPasskeyDialog.preload}>
        {pk.addPasskey}
      </Button>
    </Stack>
  );
}

/**
 * 两步验证 on /user_info, for staff only (issue 25): on or off, the recovery codes left; enable
 * (QR, first code, recovery codes), change the authenticator, new recovery codes and switch off,
 * each of the last three with the current code. Passkeys: the list, 添加通行密钥 (named) and
 * remove; with passkeys only, new recovery codes too. When the session's check is older than 10
 * minutes (1133) the step-up dialog (a code or a passkey) comes first, then the action again.
 */
export function SecondFactorCard() {
  // Staff only: nobody else is asked for the status, nor shown its failure.
  const isStaff = useSession((s) => (s.user?.staff ?? null) !== null);
  const { state, retry } = useCallData(fetchStatus, { enabled: isStaff });
  const [open, setOpen] = useState<Open>(null);
  const [newCodes, setNewCodes] = useState<string[]>();

  if (!isStaff) return null;
  if (state.status === 'loading')
    return <Skeleton height="120px" borderRadius="l2" data-testid="second-factor-loading" />;
  if (state.status === 'error')
    return <RegionError title={m.statusLoadFailed} detail={state.message} onRetry={retry} />;
  const status = state.data;
  if (!status.staff) return null;
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    retry();
  };
  /** A confirmed action's answer: done, the check first (1133, then `again`), or the refusal shown. */
  const settle = <T,>(result: CallResult<T>, again: Open, onDone: (data: T) => void) => {
    if (result.code === Codes.OK) onDone(result.data);
    else if (result.code === Codes.STEP_UP_REQUIRED) setOpen({ check: true, then: again });
    else if (result.status !== 502) notify({ kind: 'error', title: result.msg });
  };

  return (
    <Card.Root size="sm" data-testid="profile-second-factor">
      <Card.Body>
        <Stack gap="3">
          <HStack gap="2" flexWrap="wrap">
            <Heading size="md" as="h2">
              {m.section}
            </Heading>
            <Badge colorPalette={status.active ? 'green' : 'gray'} data-testid="second-factor-state">
              {status.active ? m.enabled : m.disabled}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {m.intro}
          </Text>
          {status.required && !status.active && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {m.requiredNote}
            </Text>
          )}
          {status.active && (
            <Text fontSize="sm" data-testid="second-factor-recovery-left">
              {m.recoveryLeft(status.recoveryLeft)}
            </Text>
          )}
          <HStack gap="2" flexWrap="wrap">
            {!status.enabled && (
              <Button colorPalette="brand" onClick={() => setOpen('enrol')} onPointerEnter={EnrolDialog.preload}>
                {status.active ? m.addAuthenticator : m.enable}
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
            {status.active && !status.enabled && (
              <Button variant="outline" onClick={() => setOpen('passkey-codes')} onPointerEnter={ConfirmDialog.preload}>
                {m.newRecoveryCodes}
              </Button>
            )}
          </HStack>
          <PasskeyList
            passkeys={status.passkeys}
            onAdd={() => setOpen({ passkey: 'add' })}
            onRemove={(key) => setOpen({ passkey: 'remove', key })}
          />
        </Stack>
      </Card.Body>
      {(open === 'enrol' || open === 'change') && (
        <EnrolDialog
          changing={open === 'change'}
          onClose={close}
          onEnrolled={done}
          onNeedCheck={() => setOpen({ check: true, then: 'enrol' })}
        />
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
      {open !== null && typeof open === 'object' && 'check' in open && (
        <StepUpDialog
          text={open.then === 'passkey-codes' ? pk.newCodesCheckText : pk.checkFirstText}
          onVerified={() => setOpen(open.then)}
          onClose={close}
        />
      )}
      {open !== null && typeof open === 'object' && 'passkey' in open && open.passkey === 'add' && (
        <AddPasskeyDialog
          initialName={open.name}
          onClose={close}
          onAdded={(recoveryCodes) => {
            // The first factor's recovery codes, shown once after the dialog.
            if (recoveryCodes !== undefined) setNewCodes(recoveryCodes);
            done();
          }}
          onNeedCheck={(name) => setOpen({ check: true, then: { passkey: 'add', name } })}
        />
      )}
      {open !== null && typeof open === 'object' && 'passkey' in open && open.passkey === 'remove' && (
        <ConfirmDialog
          title={pk.removePasskeyTitle}
          testId="passkey-remove"
          cancelLabel={m.cancel}
          confirmLabel={pk.removePasskey}
          busyLabel={m.checking}
          danger
          onConfirm={async () =>
            settle(await call('second_factor/passkey_remove', { id: open.key.id }), open, () => {
              notify({ kind: 'success', title: pk.passkeyRemovedToast });
              done();
            })
          }
          onClose={close}
        >
          {pk.removePasskeyText(open.key.name)}
        </ConfirmDialog>
      )}
      {open === 'passkey-codes' && (
        <ConfirmDialog
          title={m.newRecoveryCodes}
          testId="passkey-new-codes"
          cancelLabel={m.cancel}
          confirmLabel={m.confirm}
          busyLabel={m.checking}
          onConfirm={async () =>
            settle(
              await call<SecondFactorRecoveryCodes>('second_factor/passkey_recovery_codes', {}),
              'passkey-codes',
              ({ recoveryCodes }) => {
                setNewCodes(recoveryCodes);
                done();
              },
            )
          }
          onClose={close}
        >
          {pk.newCodesText}
        </ConfirmDialog>
      )}
      {newCodes !== undefined && <CodesDialog codes={newCodes} onClose={() => setNewCodes(undefined)} />}
    </Card.Root>
  );
}
