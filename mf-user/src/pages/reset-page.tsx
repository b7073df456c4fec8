import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Codes, messages, ResetRefusals, toastMs, userMessages } from '@portal/contracts';
import { notify } from '@portal/platform';
import { getEmail } from '../features/account/api/get-email';
import { resetPassword } from '../features/account/api/reset-password';
import { AuthCard } from '../features/account/components/auth-card';
import { FormField, TextField } from '../features/account/components/form-field';
import { StatusIllustration } from '../features/account/components/status-illustration';
import { hasSubscriptionLink, validateReset, type ResetField } from '../features/account/lib/validators';

const linkRefusals: readonly string[] = [ResetRefusals.describeUrlError, ResetRefusals.userNotExist];

export default function ResetPage() {
  const [link, setLink] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ResetField, string>>>({});
  const [finding, setFinding] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  async function findAccount() {
    if (!hasSubscriptionLink(link)) {
      setErrors({ link: messages.reset.findAccountNeedsLink });
      return;
    }
    setFinding(true);
    const result = await getEmail({ describUrl: link.trim() });
    setFinding(false);
    if (result.code === Codes.OK && typeof result.data === 'string' && result.data !== '') {
      setEmail(result.data);
      setErrors({});
    } else if (result.status !== 502) {
      setErrors({ link: messages.reset.getEmailFailure });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateReset({ link, email, password, confirm });
    setErrors(found ? { [found.field]: found.message } : {});
    if (found) return;
    setSubmitting(true);
    const result = await resetPassword({ email: email.trim(), password, describUrl: link.trim() });
    setSubmitting(false);
    if (result.code === Codes.OK) {
      setDone(true);
      return;
    }
    if (result.status === 502) return;
    if (linkRefusals.includes(result.msg)) setErrors({ link: messages.reset.linkInvalid });
    else if (result.code === Codes.NOT_ALLOWED) {
      notify({ kind: 'error', title: messages.reset.notAllowed, durationMs: toastMs.medium });
    } else if (result.code === Codes.RATE_LIMITED && result.msg) setErrors({ email: result.msg });
    else setErrors({ email: messages.reset.otherFailure });
  }

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
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <TextField
            label={userMessages.fields.subscriptionLink}
            error={errors.link}
            name="describUrl"
            inputMode="url"
            autoComplete="off"
            placeholder={userMessages.fields.subscriptionLinkPlaceholder}
            value={link}
            onValueChange={setLink}
          />
          <FormField label={userMessages.fields.email} error={errors.email}>
            <HStack width="full" gap="2">
              <Input
                type="email"
                name="email"
                autoComplete="username"
                placeholder={userMessages.fields.emailPlaceholder}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
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
            error={errors.password}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
          />
          <TextField
            label={userMessages.fields.confirmNewPassword}
            error={errors.confirm}
            type="password"
            name="confirm"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
          />
          <Button
            type="submit"
            colorPalette="brand"
            loading={submitting}
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
