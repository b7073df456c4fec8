import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Codes, currentPasswordMessages, toastMs, type ProfileForm as Form, type UserInfo } from '@portal/contracts';
import { notify } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { ImageField } from '../../../components/image-field';
import type { PasswordDialogProps } from '../../../components/password-dialog';
import { changeUseInfo } from '../api/change-use-info';
import { changeRequestOf, changesEmail, formOf, profileOptions, profileResolver } from '../lib/profile-form';
import { profileLabels as t } from '../profile-labels';
import { OptionSwitch } from './option-switch';

const PasswordDialog = lazyDialog<PasswordDialogProps>(() => import('../../../components/password-dialog'));

export interface ProfileFormProps {
  user: UserInfo;
  /** After a save: the page re-reads user info (and the session's) and shows the form again from it. */
  onSaved: () => Promise<void>;
}

/**
 * The saved part of the profile (spec-2 §2): avatar, e-mail and the three options, persisted
 * together by change_use_info. A new e-mail asks for the current password first (in a dialog),
 * and applies only after the link mailed to it is opened.
 */
export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting: busy },
  } = useForm<Form>({
    resolver: profileResolver,
    // The message changes on the next save only, not while typing.
    reValidateMode: 'onSubmit',
    defaultValues: formOf(user),
  });
  /** The save with a new e-mail, awaiting the current password (the dialog is open). */
  const [awaitingPassword, setAwaitingPassword] = useState<Form | null>(null);

  const submit = handleSubmit(async (form) => {
    if (changesEmail(form, user)) return setAwaitingPassword(form);
    const result = await changeUseInfo(changeRequestOf(form));
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.messages.saved, durationMs: toastMs.short });
      await onSaved();
    } else if (result.status !== 502) {
      const title = result.msg ? t.messages.saveFailedWith(result.msg) : t.messages.saveFailed;
      notify({ kind: 'error', title, durationMs: toastMs.short });
    }
  });

  /**
   * The save with a new e-mail and the password: a wrong password (or too many tries) stays in
   * the dialog; anything else closes it and is told as a plain save is.
   */
  async function saveWithPassword(form: Form, password: string): Promise<string | null> {
    const result = await changeUseInfo({ ...changeRequestOf(form), password });
    if (result.code === Codes.PASSWORD_WRONG || result.code === Codes.RATE_LIMITED || result.status === 502) {
      return result.msg || t.messages.saveFailed;
    }
    setAwaitingPassword(null);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.messages.saved, durationMs: toastMs.short });
      await onSaved();
    } else {
      const title = result.msg ? t.messages.saveFailedWith(result.msg) : t.messages.saveFailed;
      notify({ kind: 'error', title, durationMs: toastMs.short });
    }
    return null;
  }

  return (
    <Card.Root size="sm" data-testid="profile-form">
      <Card.Body>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="4">
            <Stack gap="2">
              <Heading size="md" as="h2">
                {t.avatar.title}
              </Heading>
              <ImageField
                control={control}
                name="icon"
                purpose="avatar"
                label={t.avatar.upload}
                previewSize={72}
                disabled={busy}
              />
            </Stack>
            <Box borderTopWidth="1px" />
            <Heading size="md" as="h2">
              {t.account.title}
            </Heading>
            <Field.Root invalid={errors.email !== undefined}>
              <Field.Label>{t.account.email}</Field.Label>
              <Input
                type="email"
                onFocus={PasswordDialog.preload}
                autoComplete="email"
                maxLength={254}
                {...register('email')}
              />
              <Field.HelperText>{t.account.emailNote}</Field.HelperText>
              <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
            </Field.Root>
            {user.pending_email && (
              <Text
                fontSize="sm"
                color="orange.fg"
                wordBreak="break-all"
                role="status"
                data-testid="profile-pending-email"
              >
                {t.account.pending(user.pending_email)}
              </Text>
            )}
            <Stack gap="3">
              <Stack gap="0.5">
                <Text fontWeight="semibold">{t.account.options}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {t.account.optionsNote}
                </Text>
              </Stack>
              {profileOptions.map((option) => (
                <Controller
                  key={option}
                  control={control}
                  name={option}
                  render={({ field }) => (
                    <OptionSwitch
                      label={t.options[option].label}
                      help={t.options[option].help}
                      checked={field.value}
                      onChange={field.onChange}
                      disabled={busy}
                    />
                  )}
                />
              ))}
            </Stack>
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={busy}
              loadingText={t.account.saving}
            >
              {t.account.save}
            </Button>
          </Stack>
        </form>
      </Card.Body>
      {awaitingPassword !== null && (
        <PasswordDialog
          title={currentPasswordMessages.email.title}
          text={currentPasswordMessages.email.text(awaitingPassword.email)}
          confirmLabel={currentPasswordMessages.email.confirm}
          testId="email-password-dialog"
          onClose={() => setAwaitingPassword(null)}
          onConfirm={(password) => saveWithPassword(awaitingPassword, password)}
        />
      )}
    </Card.Root>
  );
}
