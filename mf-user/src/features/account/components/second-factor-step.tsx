import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Codes } from '@portal/contracts';
import { secondFactorMessages as m } from '@portal/contracts/second-factor';
import { CodeField, codeProblem } from '@portal/ui/code-field';
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
 * and 使用通行密钥 for an account with passkeys (only that, without TOTP).
 */
export function SecondFactorStep({ ticket, totp = true, passkeys = false, onSignedIn, onBack }: SecondFactorStepProps) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const problem = codeProblem(code, recovery);
    setError(problem);
    if (problem !== undefined) return;
    setLoading(true);
    const result = await loginSecondFactor({ ticket, code: code.trim() });
    if (result.code === Codes.OK) {
      await onSignedIn();
      return;
    }
    setLoading(false);
    if (result.status === 502) return;
    if (result.code === Codes.SECOND_FACTOR_TICKET_EXPIRED) {
      onBack(result.msg);
      return;
    }
    setError(result.msg);
  }

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
    <form onSubmit={submit} noValidate data-testid="second-factor-step">
      <Stack gap="4">
        <Text fontWeight="semibold">{m.loginTitle}</Text>
        <Text fontSize="sm" color="fg.muted">
          {!totp ? m.passkeyLoginText : recovery ? m.loginRecoveryText : m.loginText}
        </Text>
        {totp && (
          <>
            <CodeField
              value={code}
              onChange={setCode}
              error={error}
              recovery={recovery}
              onRecoveryChange={setRecovery}
              autoFocus
            />
            <Button type="submit" colorPalette="brand" loading={loading} loadingText={m.checking} width="full">
              {m.loginSubmit}
            </Button>
          </>
        )}
        {passkeyButton}
        <HStack justify="flex-start">
          <Button variant="plain" size="sm" px="0" onClick={() => onBack()} disabled={loading}>
            {m.back}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
