import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, Stack, Text } from '@chakra-ui/react';
import { redirectMs, userMessages } from '@portal/contracts';
import { useCountdown } from '../hooks/use-countdown';
import { StatusIllustration } from './status-illustration';

/** After sign-up: confirm by e-mail; home after the 3-second countdown. */
export function RegisterSuccess({ email }: { email: string }) {
  const navigate = useNavigate();
  const left = useCountdown(redirectMs.afterRegisterOrConfirm / 1000, () => navigate('/'));
  return (
    <Stack gap="4" align="center" textAlign="center" data-testid="register-success">
      <StatusIllustration status="success" />
      <Text fontSize="lg" fontWeight="semibold">
        {userMessages.register.successTitle}
      </Text>
      <Text color="fg.muted">{userMessages.register.checkMail(email)}</Text>
      <Text color="fg.muted" fontSize="sm" aria-live="polite" data-testid="register-countdown">
        {userMessages.register.countdown(left)}
      </Text>
      <Button asChild colorPalette="brand" variant="outline">
        <RouterLink to="/">{userMessages.register.goHome}</RouterLink>
      </Button>
    </Stack>
  );
}
