import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { Codes, cookieDays, cookieNames, DEFAULT_CHANNEL_CODE, messages, userMessages } from '@portal/contracts';
import { getCookie, getHostInfo, setCookie, useCallData } from '@portal/platform';
import { signup } from '../features/account/api/signup';
import { AuthCard } from '../features/account/components/auth-card';
import { TextField } from '../features/account/components/form-field';
import { RegisterSuccess } from '../features/account/components/register-success';
import { validateRegister, type RegisterField } from '../features/account/lib/validators';

/** Fixed avatar of new accounts (spec-1 §3). */
const DEFAULT_ICON_URL = '/logo.png';

/** The visit brought an inviter's code (`?c=` stored as the channel cookie), not the default one. */
function hasInvite(): boolean {
  const code = getCookie(cookieNames.channelCode);
  return code !== undefined && code !== '' && code !== DEFAULT_CHANNEL_CODE;
}

export default function RegisterPage() {
  // Invite-only mode is said before anything is typed; the BFF decides (1114) whatever is shown.
  const host = useCallData(getHostInfo).state;
  const [inviteRefused, setInviteRefused] = useState(false);
  const inviteNeeded = inviteRefused || (host.status === 'ready' && host.data.inviteOnly && !hasInvite());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [loading, setLoading] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister({ email, password, confirm });
    setErrors(found ? { [found.field]: found.message } : {});
    if (found) return;
    setLoading(true);
    const address = email.trim();
    const result = await signup({ email: address, password, icon_url: DEFAULT_ICON_URL, host: location.host });
    setLoading(false);
    if (result.code === Codes.OK) {
      setCookie(cookieNames.lastRegister, address, cookieDays.lastRegister);
      setRegistered(address);
      return;
    }
    if (result.code === Codes.INVITE_REQUIRED) setInviteRefused(true);
    else if (result.code === Codes.EMAIL_REGISTERED) setErrors({ email: messages.register.emailRegistered });
    else if (result.status !== 502) setErrors({ password: result.msg || messages.network.callback });
  }

  if (registered) {
    return (
      <AuthCard title={userMessages.register.title}>
        <RegisterSuccess email={registered} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={userMessages.register.title}
      footer={
        <Text>
          {userMessages.register.haveAccount}
          <Link asChild colorPalette="brand" ms="1">
            <RouterLink to="/login">{userMessages.register.toLogin}</RouterLink>
          </Link>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {inviteNeeded && (
            <Box role="note" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="3">
              <Text>{userMessages.register.inviteOnlyNotice}</Text>
            </Box>
          )}
          <TextField
            label={userMessages.fields.email}
            error={errors.email}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={userMessages.fields.emailPlaceholder}
            value={email}
            onValueChange={setEmail}
          />
          <TextField
            label={userMessages.fields.password}
            error={errors.password}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
          />
          <TextField
            label={userMessages.fields.confirmPassword}
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
            loading={loading}
            loadingText={messages.register.loading}
            width="full"
          >
            {userMessages.register.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
