import { Link as RouterLink } from 'react-router';
import { Badge, Card, Flex, Link, Text } from '@chakra-ui/react';
import { messages, toastMs, userMessages } from '@portal/contracts';
import { clients, notify, useSession } from '@portal/platform';
import { advancedClients, advancedVariants } from '../lib/clients';
import { SubscriptionMenu } from './subscription-menu';

/** The all-links page of the original service, kept at its path. */
export const ALL_SSR_LINKS_PATH = '/user/getUserAllURL?type=ssr';

/** 'Advanced import': one subscribe dropdown per client app of spec-1, then the other variants. */
export function SubscriptionCard() {
  const signedIn = useSession((s) => Boolean(s.user));
  return (
    <Card.Root data-testid="subscription-card">
      <Card.Header>
        <Card.Title as="h2">{userMessages.advanced.title}</Card.Title>
        <Card.Description>{userMessages.advanced.subtitle}</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <Flex wrap="wrap" gap="2">
          {advancedClients.map(({ client, badge }) => (
            <SubscriptionMenu key={client} client={client} buttonProps={{ variant: 'outline' }}>
              {clients[client].name}
              {badge === 'recommended' && (
                <Badge colorPalette="green" size="sm">
                  {userMessages.startUsing.recommended}
                </Badge>
              )}
              {badge === 'noDirect' && (
                <Badge colorPalette="orange" size="sm">
                  {userMessages.advanced.noDirect}
                </Badge>
              )}
            </SubscriptionMenu>
          ))}
        </Flex>
        <Flex wrap="wrap" gap="2">
          {advancedVariants.map((client) => (
            <SubscriptionMenu key={client} client={client} buttonProps={{ variant: 'subtle' }}>
              {clients[client].name}
            </SubscriptionMenu>
          ))}
        </Flex>
        {/* Ours (issue 27): one link every client reads in its own format; a browser opens the subscription page. */}
        <Flex wrap="wrap" gap="2" align="center" data-testid="universal-link">
          <SubscriptionMenu client="universal" buttonProps={{ variant: 'outline', colorPalette: 'brand' }}>
            {clients.universal.name}
          </SubscriptionMenu>
          <Text fontSize="sm" color="fg.muted">
            {userMessages.advanced.universalNote}
          </Text>
        </Flex>
      </Card.Body>
      <Card.Footer flexWrap="wrap" gap="4" fontSize="sm">
        <Link asChild colorPalette="brand">
          <RouterLink to="/windows_errors">{userMessages.startUsing.troubleshooting}</RouterLink>
        </Link>
        <Link
          href={ALL_SSR_LINKS_PATH}
          target="_blank"
          rel="noopener noreferrer"
          colorPalette="brand"
          onClick={(event) => {
            if (signedIn) return;
            event.preventDefault();
            notify({ kind: 'error', title: messages.subscription.loginFirst, durationMs: toastMs.short });
          }}
        >
          {userMessages.advanced.allSsrLinks}
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}
