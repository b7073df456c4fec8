import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Codes, toastMs, type UserInfo } from '@portal/contracts';
import { notify } from '@portal/platform';
import { ImageUpload } from '@portal/ui';
import { changeUseInfo } from '../api/change-use-info';
import { changeRequestOf, formOf, profileOptions, type ProfileForm as Form } from '../lib/profile-form';
import { profileLabels as t } from '../profile-labels';
import { OptionSwitch } from './option-switch';

export interface ProfileFormProps {
  user: UserInfo;
  /** After a save: the page re-reads user info (and the session's) and shows the form again from it. */
  onSaved: () => Promise<void>;
}

/**
 * The saved part of the profile (spec-2 §2): avatar, e-mail and the three options, persisted
 * together by change_use_info. A new e-mail applies only after the link mailed to it is opened.
 */
export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const [form, setForm] = useState<Form>(() => formOf(user));
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.email.trim() === '') return setEmailError(t.account.emailEmpty);
    setEmailError(null);
    setBusy(true);
    const result = await changeUseInfo(changeRequestOf(form));
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.messages.saved, durationMs: toastMs.short });
      await onSaved();
    } else if (result.status !== 502) {
      const title = result.msg ? t.messages.saveFailedWith(result.msg) : t.messages.saveFailed;
      notify({ kind: 'error', title, durationMs: toastMs.short });
    }
    setBusy(false);
  }

  return (
    <Card.Root size="sm" data-testid="profile-form">
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="4">
            <Stack gap="2">
              <Heading size="md" as="h2">
                {t.avatar.title}
              </Heading>
              <ImageUpload
                value={form.icon}
                onChange={(icon) => set('icon', icon)}
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
            <Field.Root invalid={emailError !== null}>
              <Field.Label>{t.account.email}</Field.Label>
              <Input
                type="email"
                value={form.email}
                onChange={(e) => set('email', e.target.value)}
                autoComplete="email"
                maxLength={254}
              />
              <Field.HelperText>{t.account.emailNote}</Field.HelperText>
              <Field.ErrorText>{emailError}</Field.ErrorText>
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
                <OptionSwitch
                  key={option}
                  label={t.options[option].label}
                  help={t.options[option].help}
                  checked={form[option]}
                  onChange={(checked) => set(option, checked)}
                  disabled={busy}
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
    </Card.Root>
  );
}
