import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Codes, messages, ResetRefusals, toastMs, userMessages, type ResetForm } from '@portal/contracts';
import { notify } from '@portal/platform';
import { getEmail } from '../features/account/api/get-email';
import { resetPassword } from '../features/account/api/reset-password';
import { AuthCard } from '../features/account/components/auth-card';
import { FormField, TextField } from '../features/account/components/form-field';
import { StatusIllustration } from '../features/account/components/status-illustration';
import { findAccountLink, resetResolver } from '../features/account/lib/account-forms';

const linkRefusals: readonly string[] = [ResetRefusals.describeUrlError, ResetRefusals.userNotExist];

export default function ResetPage() {
  const [finding, setFinding] = useState(false);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: resetResolver,
    // The spec's messages change on the next submit (or find-account) only, not while typing.
    reValidateMode: 'onSubmit',
    defaultValues: { describUrl: '', email: '', password: '', confirm: '' },
  });

  /** Find-account's outcome replaces whatever was shown under the fields. */
  function showOnLink(message: string) {
    clearErrors();
    setError('describUrl', { type: 'validate', message });
  }

  async function findAccount() {
    const describUrl = findAccountLink(getValues('describUrl'));
    if (describUrl === null) return showOnLink(messages.reset.findAccountNeedsLink);
    setFinding(true);
    const result = await getEmail({ describUrl });
    setFinding(false);
    if (result.code === Codes.OK && typeof result.data === 'string' && result.data !== '') {
      clearErrors();
      setValue('email', result.data);
    } else if (result.status !== 502) showOnLink(messages.reset.getEmailFailure);
  }

  // The link and the e-mail come trimmed from the resolver, as they are sent.
  const submit = handleSubmit(async ({ describUrl, email, password }) => {
    const result = await resetPassword({ email, password, describUrl });
    if (result.code === Codes.OK) {
      setDone(true);
      return;
    }
    if (result.status === 502) return;
    if (linkRefusals.includes(result.msg)) {
      setError('describUrl', { type: 'server', message: messages.reset.linkInvalid });
    } else if (result.code === Codes.NOT_ALLOWED) {
      notify({ kind: 'error', title: messages.reset.notAllowed, durationMs: toastMs.medium });
    } else if (result.code === Codes.RATE_LIMITED && result.msg) {
      setError('email', { type: 'server', message: result.msg });
    } else setError('email', { type: 'server', message: messages.reset.otherFailure });
  });

  const backToLogin = (
    <Link asChild colorPalette="brand">
      <RouterLink to="/login">{userMessages.reset.backToLogin}</RouterLink>
    </Link>
  );

  if (done) {
    return (
      <AuthCard title={userMessages.reset.title}>
        <Stack gap="4" align="center" textAlign="center" data-testid="reset-success">
          <StatusIllustration status="success" />
          <Text fontSize="lg" fontWeight="semibold" role="status">
            {messages.reset.done}
          </Text>
          <Text color="fg.muted">{userMessages.reset.successDetail}</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/login">{userMessages.reset.toLogin}</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={userMessages.reset.title} footer={backToLogin}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <TextField
            label={userMessages.fields.subscriptionLink}
            error={errors.describUrl?.message}
            inputMode="url"
            autoComplete="off"
            placeholder={userMessages.fields.subscriptionLinkPlaceholder}
            {...register('describUrl')}
          />
          <FormField label={userMessages.fields.email} error={errors.email?.message}>
            <HStack width="full" gap="2">
              <Input
                type="email"
                autoComplete="username"
                placeholder={userMessages.fields.emailPlaceholder}
                {...register('email')}
                flex="1"
                minW="0"
              />
              <Button
                type="button"
                variant="outline"
                colorPalette="brand"
                flexShrink={0}
                onClick={() => void findAccount()}
                loading={finding}
                loadingText={userMessages.reset.finding}
              >
                {userMessages.reset.findAccount}
              </Button>
            </HStack>
          </FormField>
          <TextField
            label={userMessages.fields.newPassword}
            error={errors.password?.message}
            type="password"
            autoComplete="new-password"
            {...register('password')}
          />
          <TextField
            label={userMessages.fields.confirmNewPassword}
            error={errors.confirm?.message}
            type="password"
            autoComplete="new-password"
            {...register('confirm')}
          />
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            loadingText={userMessages.reset.submitting}
            width="full"
          >
            {userMessages.reset.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
