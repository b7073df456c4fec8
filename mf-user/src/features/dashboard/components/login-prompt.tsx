import { Link as RouterLink } from 'react-router';
import { Button, Stack, Text } from '@chakra-ui/react';
import { userMessages } from '@portal/contracts';

/** What a visitor sees in place of a figure. */
export function LoginPrompt() {
  return (
    <Stack gap="2" align="flex-start" data-testid="login-prompt">
      <Text color="fg.muted">{userMessages.dashboard.loginToSee}</Text>
      <Button asChild size="sm" colorPalette="brand" variant="outline">
        <RouterLink to="/login">{userMessages.dashboard.login}</RouterLink>
      </Button>
    </Stack>
  );
}
