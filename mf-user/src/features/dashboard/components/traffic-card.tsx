import { Link as RouterLink } from 'react-router';
import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { userMessages, type UserInfo } from '@portal/contracts';
import { formatGB, unlimitedRemainingBytes } from '../lib/figures';
import { LoginPrompt } from './login-prompt';

/** Unlimited-time traffic left, with the '+' to the shop (not in agency mode). */
export function TrafficCard({
  user,
  isAgency,
}: {
  user: Pick<UserInfo, 'traffic' | 'spendTraffic'> | null;
  isAgency: boolean;
}) {
  return (
    <Card.Root data-testid="traffic-card" size="sm">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title as="h2">{userMessages.traffic.title}</Card.Title>
          {!isAgency && (
            <Button asChild size="xs" variant="outline" colorPalette="brand" aria-label={userMessages.traffic.buyMore}>
              <RouterLink to="/shop" data-testid="traffic-buy">
                +
              </RouterLink>
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {user ? (
          <>
            <Text fontSize="sm" color="fg.muted">
              {userMessages.traffic.remaining}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" data-testid="traffic-remaining">
              {formatGB(unlimitedRemainingBytes(user.traffic, user.spendTraffic))} GB
            </Text>
          </>
        ) : (
          <LoginPrompt />
        )}
      </Card.Body>
    </Card.Root>
  );
}
