import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SecondFactorCodeRequest } from '@portal/contracts/schemas';
import { Box, Button, HStack, Image, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  Codes,
  type PasskeyOptions,
  type SecondFactorEnrolment,
  type SecondFactorRecoveryCodes,
  type SecondFactorStatus,
} from '@portal/contracts';
import { secondFactorMessages as m } from '@portal/contracts/second-factor';
import { call, copyText, notify, setSecondFactorPrompt, type CallResult } from '@portal/platform';
import { create } from 'zustand';
import { useCodeForm } from '../forms/code-form.js';
import { CodeField } from './code-field.js';
import { DialogFrame } from './dialog-frame.js';
import { PasskeyButton } from './passkey.js';

/**
 * The second factor's dialogs (issue 25, docs/second-factor.md): enrolment (QR, secret, first
 * code, recovery codes), step-up (a code before a sensitive call), and the prompt host that opens
 * them when the back office's calls are refused with 1132/1133. Chakra's Dialog: reach this entry
 * (`@portal/ui/second-factor`) only lazily, like the dialog frame.
 */

/** The recovery codes, shown once: a list to copy or download. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  function download() {
    const url = URL.createObjectURL(new Blob([`${m.issuer} ${m.section}\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <Stack gap="3" data-testid="recovery-codes">
      <Text fontSize="sm">{m.codesText}</Text>
      <SimpleGrid columns={2} gap="2" as="ul" listStyleType="none" aria-label={m.recoveryLabel}>
        {codes.map((code) => (
          <Box as="li" key={code}>
            <Text as="code" fontFamily="mono" fontSize="sm">
              {code}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" variant="outline" onClick={async () => setCopied(await copyText(text))}>
          {copied ? m.copied : m.copy}
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          {m.download}
        </Button>
      </HStack>
    </Stack>
  );
}

/** A new secret (pending until its first code); the current code when one is active. */
const enrolStart = (current?: string) =>
  call<SecondFactorEnrolment>('second_factor/enrol_start', current === undefined ? {} : { code: current }, {
    noSecondFactorPrompt: true,
  });

type EnrolStep =
  | { step: 'current' }
  | { step: 'loading' }
  | { step: 'failed'; message: string }
  | { step: 'scan'; enrolment: SecondFactorEnrolment }
  | { step: 'codes'; codes: string[] };

export interface EnrolDialogProps {
  onClose: () => void;
  /** After the recovery codes were shown and the user said they saved them. */
  onEnrolled: () => void;
  /** A factor is active: its current code is asked first (changing the authenticator). */
  changing?: boolean;
  /**
   * The account has passkeys only and the session's check is too old (1133): the owner asks for
   * the factor and opens the dialog again. Without it the refusal is shown like any other.
   */
  onNeedCheck?: () => void;
  /** Why the dialog opened by itself (the required setting): said above the QR code. */
  note?: string;
}

/**
 * Setting up TOTP: (the current code when changing) → the QR and the secret for typing by hand →
 * the first code → the ten recovery codes, shown once.
 */
export function EnrolDialog({ onClose, onEnrolled, changing = false, onNeedCheck, note }: EnrolDialogProps) {
  const [state, setState] = useState<EnrolStep>(changing ? { step: 'current' } : { step: 'loading' });
  const { form, field, setRecovery, refuse } = useCodeForm<SecondFactorCodeRequest>(SecondFactorCodeRequest, {
    code: '',
  });
  const busy = form.formState.isSubmitting;
  // The latest callback, read by the answer handler (which must not change, or the first call repeats).
  const needCheck = useRef(onNeedCheck);
  useEffect(() => {
    needCheck.current = onNeedCheck;
  });

  const apply = useCallback((result: CallResult<SecondFactorEnrolment>, current: string | undefined) => {
    if (result.code === Codes.OK) {
      form.reset({ code: '' });
      setRecovery(false);
      setState({ step: 'scan', enrolment: result.data });
    } else if (current !== undefined && result.code === Codes.SECOND_FACTOR_WRONG) {
      setState({ step: 'current' });
      refuse(result.msg);
    } else if (result.code === Codes.STEP_UP_REQUIRED && needCheck.current !== undefined) {
      needCheck.current();
    } else {
      setState({ step: 'failed', message: result.msg || m.loadFailed });
    }
    // The form's methods keep their identity across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function start(current?: string) {
    setState({ step: 'loading' });
    void enrolStart(current).then((result) => apply(result, current));
  }

  useEffect(() => {
    if (changing) return;
    let cancelled = false;
    void enrolStart().then((result) => {
      if (!cancelled) apply(result, undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [apply, changing]);

  async function confirmCode({ code }: SecondFactorCodeRequest) {
    if (state.step === 'current') {
      start(code);
      return;
    }
    if (state.step !== 'scan') return;
    const result = await call<SecondFactorRecoveryCodes>(
      'second_factor/enrol_confirm',
      { code },
      { noSecondFactorPrompt: true },
    );
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: m.enabledToast });
      setState({ step: 'codes', codes: result.data.recoveryCodes });
    } else if (result.code === Codes.STEP_UP_REQUIRED && needCheck.current !== undefined) {
      // Passkeys only, and the check ran out while the code was being typed: as at the start.
      needCheck.current();
    } else if (result.status !== 502) {
      refuse(result.msg);
    }
  }

  function submit(event: FormEvent) {
    if (state.step !== 'codes') return void form.handleSubmit(confirmCode)(event);
    event.preventDefault();
    onEnrolled();
  }

  const title = state.step === 'codes' ? m.codesTitle : state.step === 'current' ? m.currentCodeTitle : m.enrolTitle;
  return (
    <DialogFrame
      title={title}
      testId="second-factor-enrol"
      onClose={onClose}
      busy={busy}
      closeOnOutsideClick={false}
      cancelLabel={state.step === 'codes' ? undefined : m.cancel}
      confirmLabel={state.step === 'codes' ? m.done : state.step === 'failed' ? undefined : m.confirm}
      busyLabel={m.checking}
      confirmDisabled={state.step === 'loading'}
      onSubmit={submit}
    >
      {state.step === 'current' && (
        <Stack gap="3">
          <Text fontSize="sm">{m.currentCodeText}</Text>
          <CodeField {...field} autoFocus />
        </Stack>
      )}
      {state.step === 'loading' && (
        <HStack justify="center" py="6" role="status" aria-label={m.loading}>
          <Spinner />
        </HStack>
      )}
      {state.step === 'failed' && (
        <Stack gap="3" role="alert">
          <Text>{state.message}</Text>
          <Button alignSelf="flex-start" variant="outline" onClick={() => void start()}>
            {m.retry}
          </Button>
        </Stack>
      )}
      {state.step === 'scan' && (
        <Stack gap="3">
          {note !== undefined && (
            <Box role="note" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="3">
              <Text fontSize="sm">{note}</Text>
            </Box>
          )}
          <Text fontSize="sm">{m.intro}</Text>
          <Text fontSize="sm">{m.scan}</Text>
          <Image src={state.enrolment.qr} alt={m.qrAlt} width="200px" height="200px" alignSelf="center" />
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {m.secretLabel}
            </Text>
            <Text as="code" data-testid="second-factor-secret" fontFamily="mono" fontSize="sm" wordBreak="break-all">
              {state.enrolment.secret}
            </Text>
          </Box>
          <CodeField {...field} recovery={false} onRecoveryChange={undefined} />
        </Stack>
      )}
      {state.step === 'codes' && <RecoveryCodes codes={state.codes} />}
    </DialogFrame>
  );
}

export interface CodeDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** The call with the code; resolves to the answer's code and message. */
  submit: (code: string) => Promise<{ code: number; msg: string; status: number }>;
  onDone: () => void;
  onClose: () => void;
  danger?: boolean;
  testId: string;
  /** What the account has is still being read: a spinner instead of the field. */
  loading?: boolean;
  /** No code to type (an account with passkeys only): the field and the main button are left out. */
  codeless?: boolean;
  /** Under the field: another way to prove the factor (使用通行密钥). */
  extra?: ReactNode;
}

/** A code (or a recovery code) for one call: step-up, removing the factor, new recovery codes. */
export function CodeDialog({
  title,
  text,
  confirmLabel,
  submit,
  onDone,
  onClose,
  danger,
  testId,
  loading = false,
  codeless = false,
  extra,
}: CodeDialogProps) {
  const { form, field, refuse } = useCodeForm<SecondFactorCodeRequest>(SecondFactorCodeRequest, { code: '' });
  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    const result = await submit(code);
    if (result.code === Codes.OK) onDone();
    else if (result.status !== 502) refuse(result.msg);
  });
  const withCode = !loading && !codeless;
  return (
    <DialogFrame
      title={title}
      testId={testId}
      onClose={onClose}
      busy={busy}
      closeOnOutsideClick={false}
      cancelLabel={m.cancel}
      confirmLabel={withCode ? confirmLabel : undefined}
      busyLabel={m.checking}
      danger={danger}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="3">
        <Text fontSize="sm">{text}</Text>
        {loading && (
          <HStack justify="center" py="4" role="status" aria-label={m.loading}>
            <Spinner />
          </HStack>
        )}
        {withCode && <CodeField {...field} autoFocus />}
        {!loading && extra}
      </Stack>
    </DialogFrame>
  );
}

/** Which factors the signed-in account has (for the dialogs that ask for one). */
export function useFactorMethods(): { totp: boolean; passkeys: boolean } | undefined {
  const [methods, setMethods] = useState<{ totp: boolean; passkeys: boolean }>();
  useEffect(() => {
    let cancelled = false;
    void call<SecondFactorStatus>('second_factor/status', {}, { noSecondFactorPrompt: true }).then((result) => {
      if (cancelled) return;
      // Unknown (a failed read): the code field, as before passkeys.
      setMethods(
        result.code === Codes.OK
          ? { totp: result.data.enabled, passkeys: result.data.passkeys.length > 0 }
          : { totp: true, passkeys: false },
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return methods;
}

/** 使用通行密钥 for step-up: the answer refreshes this session's check (/api/second_factor/verify_passkey). */
export function StepUpPasskeyButton({ onVerified }: { onVerified: () => void }) {
  return (
    <PasskeyButton
      options={() => call<PasskeyOptions>('second_factor/passkey_options', {}, { noSecondFactorPrompt: true })}
      send={(response) => call('second_factor/verify_passkey', { response }, { noSecondFactorPrompt: true })}
      onDone={onVerified}
    />
  );
}

export interface StepUpDialogProps {
  onVerified: () => void;
  onClose: () => void;
  /** Why the check is asked (default: a sensitive operation). */
  text?: string;
}

/**
 * Step-up: a code (/api/second_factor/verify) or, for an account with passkeys, 使用通行密钥
 * (/api/second_factor/verify_passkey) refreshes this session's check.
 */
export function StepUpDialog({ onVerified, onClose, text }: StepUpDialogProps) {
  const methods = useFactorMethods();
  const codeless = methods?.totp === false;
  return (
    <CodeDialog
      title={m.stepUpTitle}
      text={text ?? (codeless ? m.stepUpPasskeyText : m.stepUpText)}
      confirmLabel={m.stepUpSubmit}
      testId="second-factor-step-up"
      submit={(code) => call('second_factor/verify', { code }, { noSecondFactorPrompt: true })}
      onDone={onVerified}
      onClose={onClose}
      loading={methods === undefined}
      codeless={codeless}
      extra={methods?.passkeys === true ? <StepUpPasskeyButton onVerified={onVerified} /> : undefined}
    />
  );
}

interface PromptState {
  kind: 'step-up' | 'enrol' | null;
  resolve: ((done: boolean) => void) | null;
}
const usePrompt = create<PromptState>(() => ({ kind: null, resolve: null }));

/** Opens the dialog of `kind`; one at a time (a second refusal meanwhile waits on the same answer). */
function openPrompt(kind: 'step-up' | 'enrol'): Promise<boolean> {
  const current = usePrompt.getState();
  if (current.kind !== null && current.resolve !== null) {
    const previous = current.resolve;
    return new Promise((resolve) => {
      usePrompt.setState({
        resolve: (done) => {
          previous(done);
          resolve(done);
        },
      });
    });
  }
  return new Promise((resolve) => usePrompt.setState({ kind, resolve }));
}

/**
 * Mounted once around the back office's screens: a call refused with 1133 opens the step-up
 * dialog, one refused with 1132 (the required setting) the enrolment; the call is made again when
 * the user verified or enrolled.
 */
export function SecondFactorPromptHost() {
  const { kind, resolve } = usePrompt();
  useEffect(() => setSecondFactorPrompt(openPrompt), []);
  const finish = (done: boolean) => {
    usePrompt.setState({ kind: null, resolve: null });
    resolve?.(done);
  };
  if (kind === 'step-up') return <StepUpDialog onVerified={() => finish(true)} onClose={() => finish(false)} />;
  if (kind === 'enrol') {
    return <EnrolDialog note={m.requiredNote} onEnrolled={() => finish(true)} onClose={() => finish(false)} />;
  }
  return null;
}
