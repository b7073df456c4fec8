import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { typeboxResolver } from '@hookform/resolvers/typebox';
import { currentPasswordMessages as t } from '@portal/contracts';
import { CurrentPasswordForm } from '@portal/contracts/schemas';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { useForm } from 'react-hook-form';

export interface PasswordDialogProps {
  title: string;
  /** What the change is, said before the password is asked for. */
  text: string;
  confirmLabel: string;
  testId: string;
  onClose: () => void;
  /**
   * Sends the change with the password. Resolves to a refusal to show under the field (the
   * dialog stays open for another try), or null once the change is made (the owner closes it).
   */
  onConfirm: (password: string) => Promise<string | null>;
}

/**
 * Asks for the current password before a change of who controls the account or where its money
 * goes (the e-mail, the payout address): a stolen session alone is not enough. The field is
 * checked with the contract's schema; the server's refusal (wrong password, too many tries) is
 * shown under it.
 */
export default function PasswordDialog({ title, text, confirmLabel, testId, onClose, onConfirm }: PasswordDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CurrentPasswordForm>({
    resolver: typeboxResolver(CurrentPasswordForm),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    const refusal = await onConfirm(password);
    if (refusal !== null) setError('password', { type: 'server', message: refusal }, { shouldFocus: true });
  });
  // The schema's own message is TypeBox's English: an empty field reads as the spec's wording.
  const error = errors.password;
  const message = error === undefined ? undefined : error.type === 'server' ? error.message : t.required;

  return (
    <DialogFrame
      title={title}
      testId={testId}
      onClose={onClose}
      busy={isSubmitting}
      closeOnOutsideClick={false}
      cancelLabel={t.cancel}
      confirmLabel={confirmLabel}
      busyLabel={t.checking}
      onSubmit={(event) => void submit(event)}
    >
      <Stack gap="3">
        <Text fontSize="sm" wordBreak="break-all">
          {text}
        </Text>
        <Field.Root invalid={message !== undefined}>
          <Field.Label>{t.label}</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            placeholder={t.placeholder}
            maxLength={256}
            autoFocus
            {...register('password')}
          />
          <Field.ErrorText>{message}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
