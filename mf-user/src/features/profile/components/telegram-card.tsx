import { useState } from 'react';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { UserInfo } from '@portal/contracts';
import { lazyDialog } from '@portal/ui';
import { profileLabels } from '../profile-labels';

const UnbindDialog = lazyDialog(() => import('./unbind-dialog'));
const t = profileLabels.telegram;

/** The Telegram binding (spec-2 §2): its state and the unbinding with confirmation; the bind flow is not ours. */
export function TelegramCard({ user, onUnbound }: { user: UserInfo; onUnbound: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const bound = user.telegram_bound === true;
  return (
    <Card.Root size="sm" data-testid="profile-telegram">
      <Card.Body>
        <Stack gap="3">
          <Heading size="md" as="h2">
            {t.title}
          </Heading>
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <Text wordBreak="break-all" data-testid="profile-telegram-state">
              {bound ? t.bound(user.telegram_name ?? '') : t.unbound}
            </Text>
            {bound && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setConfirming(true)}
                onPointerEnter={UnbindDialog.preload}
              >
                {t.unbind}
              </Button>
            )}
          </HStack>
        </Stack>
      </Card.Body>
      {confirming && <UnbindDialog onClose={() => setConfirming(false)} onDone={onUnbound} />}
    </Card.Root>
  );
}
