import { useState } from 'react';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { lazyDialog } from '@portal/ui';
import type { ResetLinkDialogProps } from '../../subscription/components/reset-link-dialog';
import { profileLabels } from '../profile-labels';

// The dashboard's reset step (confirm, 1033, resubscribe message), shared rather than repeated.
const ResetLinkDialog = lazyDialog<ResetLinkDialogProps>(() =>
  import('../../subscription/components/reset-link-dialog').then((m) => ({ default: m.ResetLinkDialog })),
);

const t = profileLabels.subscription;

/** Resetting the subscription link from the profile. */
export function SubscriptionLinkCard() {
  const [resetting, setResetting] = useState(false);
  return (
    <Card.Root size="sm" data-testid="profile-subscription">
      <Card.Body>
        <Stack gap="3">
          <Heading size="md" as="h2">
            {t.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t.text}
          </Text>
          <Button
            variant="outline"
            colorPalette="red"
            alignSelf="flex-start"
            onClick={() => setResetting(true)}
            onPointerEnter={ResetLinkDialog.preload}
          >
            {t.reset}
          </Button>
        </Stack>
      </Card.Body>
      {resetting && <ResetLinkDialog open onClose={() => setResetting(false)} />}
    </Card.Root>
  );
}
