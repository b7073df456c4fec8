import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import {
  Codes,
  cookieDays,
  cookieNames,
  DEFAULT_CHANNEL_CODE,
  messages,
  userMessages,
  type RegisterForm,
} from '@portal/contracts';
import { getCookie, getHostInfo, setCookie, useCallData } from '@portal/platform';
import { signup } from '../features/account/api/signup';
import { AuthCard } from '../features/account/components/auth-card';
import { TextField } from '../features/account/components/form-field';
import { RegisterSuccess } from '../features/account/components/register-success';
import { registerResolver } from '../features/account/lib/account-forms';

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
  const [registered, setRegistered] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: registerResolver,
    // The spec's messages change on the next submit only, not while typing.
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '', confirm: '' },
  });

  // The e-mail comes trimmed from the resolver, as it is sent.
  const submit = handleSubmit(async ({ email, password }) => {
    const result = await signup({ email, password, icon_url: DEFAULT_ICON_URL, host: location.host });
    if (result.code === Codes.OK) {
      setCookie(cookieNames.lastRegister, email, cookieDays.lastRegister);
      setRegistered(email);
      return;
    }
    if (result.code === Codes.INVITE_REQUIRED) setInviteRefused(true);
    else if (result.code === Codes.EMAIL_REGISTERED) {
      setError('email', { type: 'server', message: messages.register.emailRegistered });
    } else if (result.status !== 502) {
      setError('password', { type: 'server', message: result.msg || messages.network.callback });
    }
  });

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
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          {inviteNeeded && (
            <Box role="note" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="3">
              <Text>{userMessages.register.inviteOnlyNotice}</Text>
            </Box>
          )}
          <TextField
            label={userMessages.fields.email}
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            placeholder={userMessages.fields.emailPlaceholder}
            {...register('email')}
          />
          <TextField
            label={userMessages.fields.password}
            error={errors.password?.message}
            type="password"
            autoComplete="new-password"
            {...register('password')}
          />
          <TextField
            label={userMessages.fields.confirmPassword}
            error={errors.confirm?.message}
            type="password"
            autoComplete="new-password"
            {...register('confirm')}
          />
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
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
