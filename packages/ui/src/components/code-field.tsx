import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { secondFactorMessages as m, TOTP_CODE_PATTERN } from '@portal/contracts/second-factor';

/** What the user typed, checked before the call: six digits, or a recovery code. */
export function codeProblem(code: string, recovery: boolean): string | undefined {
  const trimmed = code.trim();
  if (recovery) return trimmed.replace(/[\s-]/g, '').length >= 12 ? undefined : m.recoveryInvalid;
  return TOTP_CODE_PATTERN.test(trimmed) ? undefined : m.codeInvalid;
}

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** A recovery code instead of the six digits (the toggle shows only with `allowRecovery`). */
  recovery: boolean;
  onRecoveryChange?: (recovery: boolean) => void;
  allowRecovery?: boolean;
  autoFocus?: boolean;
}

/** The code input: six digits (one-time-code autofill on phones) or a recovery code, with the toggle. */
export function CodeField({
  value,
  onChange,
  error,
  recovery,
  onRecoveryChange,
  allowRecovery = true,
  autoFocus,
}: CodeFieldProps) {
  return (
    <Stack gap="2">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{recovery ? m.recoveryLabel : m.codeLabel}</Field.Label>
        <Input
          name={recovery ? 'recovery-code' : 'one-time-code'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={recovery ? m.recoveryPlaceholder : m.codePlaceholder}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 6}
          autoFocus={autoFocus}
          data-testid="second-factor-code"
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      {allowRecovery && onRecoveryChange !== undefined && (
        <Button
          variant="plain"
          size="sm"
          alignSelf="flex-start"
          px="0"
          colorPalette="brand"
          onClick={() => {
            onRecoveryChange(!recovery);
            onChange('');
          }}
        >
          {recovery ? m.useCode : m.useRecovery}
        </Button>
      )}
    </Stack>
  );
}
