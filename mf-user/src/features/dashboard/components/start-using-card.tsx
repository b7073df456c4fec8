import { useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Badge, Box, Button, Card, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { cookieNames, messages, toastMs, userMessages } from '@portal/contracts';
import { clients, detectPlatform, getCookie, notify, setCookie, useSession, type Platform } from '@portal/platform';
import { SubscriptionMenu } from '../../subscription/components/subscription-menu';
import { platformClients, platformOrder, type PlatformClient } from '../../subscription/lib/clients';
import { PlatformTabs, platformPanelId, platformTabId } from './platform-tabs';

/** The chosen platform is remembered for a year (the spec gives the cookie no lifetime). */
const PLATFORM_COOKIE_DAYS = 365;

function initialPlatform(): Platform {
  const saved = getCookie(cookieNames.platform);
  return platformOrder.find((p) => p === saved) ?? detectPlatform();
}

/** 'Start using': the four platforms, their clients with subscribe menus and tutorials. */
export function StartUsingCard() {
  const [platform, setPlatform] = useState<Platform>(initialPlatform);
  const cardRef = useRef<HTMLDivElement>(null);

  // The margin keeps the card title clear of the sticky header when the card scrolls into view.
  function choose(next: Platform) {
    setPlatform(next);
    setCookie(cookieNames.platform, next, PLATFORM_COOKIE_DAYS);
    cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <Card.Root ref={cardRef} data-testid="start-using-card" scrollMarginTop="20">
      <Card.Header>
        <Card.Title as="h2">{userMessages.startUsing.title}</Card.Title>
        <Card.Description>{userMessages.startUsing.subtitle}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <PlatformTabs value={platform} onChange={choose} />
          <Stack
            gap="3"
            role="tabpanel"
            id={platformPanelId(platform)}
            aria-labelledby={platformTabId(platform)}
            data-testid={`platform-${platform}`}
          >
            {platformClients[platform].map((entry) => (
              <ClientRow key={entry.client} entry={entry} />
            ))}
          </Stack>
        </Stack>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="flex-start" gap="2" fontSize="sm">
        <Link asChild colorPalette="brand">
          <RouterLink to="/windows_errors">{userMessages.startUsing.troubleshooting}</RouterLink>
        </Link>
        <AppleIdLink />
      </Card.Footer>
    </Card.Root>
  );
}

function ClientRow({ entry }: { entry: PlatformClient }) {
  const client = clients[entry.client];
  const details = [entry.version && userMessages.startUsing.version(entry.version), entry.note]
    .filter(Boolean)
    .join(' · ');
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      gap="2"
      p="3"
      borderWidth="1px"
      borderRadius="l2"
      data-testid={`client-${entry.client}`}
    >
      <Box minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{entry.label ?? client.name}</Text>
          {entry.recommended && (
            <Badge colorPalette="green" size="sm">
              {userMessages.startUsing.recommended}
            </Badge>
          )}
        </HStack>
        {details && (
          <Text fontSize="xs" color="fg.muted">
            {details}
          </Text>
        )}
      </Box>
      <HStack gap="2" flexShrink={0}>
        <SubscriptionMenu client={entry.client} />
        <Button asChild size="sm" variant="ghost" colorPalette="brand">
          <RouterLink to={entry.tutorial}>{userMessages.startUsing.tutorial}</RouterLink>
        </Button>
      </HStack>
    </Flex>
  );
}

/** The shared Apple ID page opens only after re-reading user info, and only for paid users. */
function AppleIdLink() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);

  async function open(event: MouseEvent) {
    event.preventDefault();
    if (checking) return;
    const { user, refresh } = useSession.getState();
    if (!user) return notify({ kind: 'error', title: messages.appleId.loginFirst, durationMs: toastMs.short });
    setChecking(true);
    const fresh = await refresh();
    setChecking(false);
    if (!fresh) return notify({ kind: 'error', title: messages.appleId.retryLater, durationMs: toastMs.long });
    if (!fresh.paidUser) return notify({ kind: 'error', title: messages.appleId.paidOnly, durationMs: toastMs.long });
    navigate('/apple_id_share');
  }

  return (
    <Link asChild colorPalette="brand" aria-busy={checking}>
      <RouterLink to="/apple_id_share" onClick={(event) => void open(event)} data-testid="apple-id-link">
        {userMessages.startUsing.appleId}
      </RouterLink>
    </Link>
  );
}
