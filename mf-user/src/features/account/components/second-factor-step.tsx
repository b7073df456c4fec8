import { lazy, Suspense, useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Codes } from '@portal/contracts';
import { SecondFactorLoginRequest } from '@portal/contracts/schemas';
import { secondFactorMessages as m } from '@portal/contracts/second-factor';
import { CodeField } from '@portal/ui/code-field';
import { useCodeForm } from '@portal/ui/code-form';
import { loginPasskey, loginPasskeyOptions, loginSecondFactor } from '../api/login';

// Only for accounts with passkeys, and never on the first page's wire (its JavaScript budget).
const PasskeyButton = lazy(() => import('@portal/ui/passkey').then((mod) => ({ default: mod.PasskeyButton })));

export interface SecondFactorStepProps {
  /** The ticket of the login's 1130 answer. */
  ticket: string;
  /** The account has a TOTP factor: a code or a recovery code is asked. */
  totp?: boolean;
  /** The account has passkeys: 使用通行密钥. */
  passkeys?: boolean;
  /** The session cookie is set: finish the login like a password-only one. */
  onSignedIn: () => Promise<void> | void;
  /** Back to the password (the ticket expired, or the user chose to). `message` says why. */
  onBack: (message?: string) => void;
}

/**
 * The login's second step for staff with a second factor: a six-digit code or a recovery code,
 * and 使用通行密钥 for an account with passkeys. An account with passkeys only types a recovery
 * code (使用恢复码) when its passkey is lost. Loaded only when a login answers that a second factor
 * is needed (never on the first page's wire).
 */
export function SecondFactorStep({ ticket, totp = true, passkeys = false, onSignedIn, onBack }: SecondFactorStepProps) {
  const { form, recovery, setRecovery, field, refuse } = useCodeForm<SecondFactorLoginRequest>(
    SecondFactorLoginRequest,
    { ticket, code: '' },
  );
  // Without TOTP the field appears only for a recovery code, once asked for.
  const [typing, setTyping] = useState(totp);
  const loading = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    const result = await loginSecondFactor(values);
    if (result.code === Codes.OK) {
      await onSignedIn();
      return;
    }
    if (result.status === 502) return;
    if (result.code === Codes.SECOND_FACTOR_TICKET_EXPIRED) {
      onBack(result.msg);
      return;
    }
    refuse(result.msg);
  });

  const passkeyButton = passkeys && (
    <Suspense fallback={null}>
      <PasskeyButton
        options={() => loginPasskeyOptions({ ticket })}
        send={(response) => loginPasskey({ ticket, response: response as never })}
        onDone={onSignedIn}
        onRefused={(result) => {
          if (result.code !== Codes.SECOND_FACTOR_TICKET_EXPIRED) return false;
          onBack(result.msg);
          return true;
        }}
        disabled={loading}
      />
    </Suspense>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="second-factor-step">
      <Stack gap="4">
        <Text fontWeight="semibold">{m.loginTitle}</Text>
        <Text fontSize="sm" color="fg.muted">
          {recovery ? m.loginRecoveryText : !totp ? m.passkeyLoginText : m.loginText}
        </Text>
        {typing && (
          <>
            <CodeField {...field} onRecoveryChange={totp ? field.onRecoveryChange : undefined} autoFocus />
            <Button type="submit" colorPalette="brand" loading={loading} loadingText={m.checking} width="full">
              {m.loginSubmit}
            </Button>
          </>
        )}
        {passkeyButton}
        {!typing && (
          <Button
            variant="plain"
            size="sm"
            px="0"
            alignSelf="flex-start"
            colorPalette="brand"
            onClick={() => {
              setRecovery(true);
              setTyping(true);
            }}
          >
            {m.useRecovery}
          </Button>
        )}
        <HStack justify="flex-start">
          <Button variant="plain" size="sm" px="0" onClick={() => onBack()} disabled={loading}>
            {m.back}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
