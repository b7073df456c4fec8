import type { MouseEvent } from 'react';
import { Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import { messages, toastMs, tutorialMessages } from '@portal/contracts';
import {
  clients,
  copyText,
  isIOS,
  isMobile,
  menuOpenBlock,
  notify,
  oneTapBlock,
  useSession,
  useSubscriptionLinks,
  type ClientId,
} from '@portal/platform';

const toast = (kind: 'success' | 'error', title: string) => notify({ kind, title, durationMs: toastMs.short });

export interface ImportActionsProps {
  client: ClientId;
  /** Offer the one-tap import (the one-tap step); the manual step shows the link and copy only. */
  oneTap?: boolean;
}

/**
 * The signed-in user's own subscription inside a guide: one-tap import through the client's URL
 * scheme (a real link, refused with the dashboard's toast on a device the client does not
 * support, and for Shadowrocket without the user id) and copying the link. A visitor is told to
 * log in first (inline; on the Streisand guide by a toast when copying, as spec-1 says).
 */
export function ImportActions({ client: id, oneTap = false }: ImportActionsProps) {
  const links = useSubscriptionLinks();
  const user = useSession((s) => s.user);
  const client = clients[id];

  // spec-1 §5: Streisand's copy needs login and says so in a toast; other guides explain inline.
  if (!links && id === 'streisand') {
    return (
      <Button size="sm" variant="outline" onClick={() => toast('error', messages.appleId.loginFirstStreisand)}>
        {tutorialMessages.copyLink}
      </Button>
    );
  }
  if (!links) {
    return (
      <Box role="note" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="3">
        <Text>
          {tutorialMessages.loginNeeded}{' '}
          <Link href="/#/login" color="fg" fontWeight="semibold" textDecoration="underline">
            {tutorialMessages.login}
          </Link>
        </Text>
      </Box>
    );
  }

  const url = oneTap ? client.oneTap?.(links) : undefined;
  const link = client.link(links);

  /** The dashboard's rules: Shadowrocket needs the user id loaded (else a refresh). */
  function userIdMissing(): boolean {
    if (menuOpenBlock(client, user) !== 'networkRetry') return false;
    toast('error', messages.subscription.networkRetry);
    void useSession.getState().refresh();
    return true;
  }

  function guard(event: MouseEvent<HTMLAnchorElement>) {
    if (userIdMissing()) return event.preventDefault();
    const block = oneTapBlock(client, { mobile: isMobile(), ios: isIOS() });
    if (block) {
      event.preventDefault();
      toast('error', messages.subscription[block]);
    }
  }

  async function copy() {
    if (userIdMissing()) return;
    const copied = await copyText(link);
    toast(copied ? 'success' : 'error', copied ? messages.subscription.copied : messages.subscription.copyFailed);
  }

  return (
    <Box>
      {!oneTap && (
        <Text fontSize="sm" color="fg.muted" mb="2" wordBreak="break-all">
          {tutorialMessages.yourLink}：<code>{link}</code>
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {url && (
          <Button asChild size="sm" colorPalette="blue">
            <a href={url} onClick={guard} data-testid={`one-tap-${id}`}>
              {tutorialMessages.oneTap}
            </a>
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          {tutorialMessages.copyLink}
        </Button>
      </HStack>
    </Box>
  );
}
