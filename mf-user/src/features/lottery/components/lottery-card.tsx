import { Link as RouterLink } from 'react-router';
import { Button, Card, HStack, Text } from '@chakra-ui/react';

// Inline and few: nothing of the lottery page comes with the card.
const t = { title: '幸运抽奖', text: '用永久流量抽取流量、会员时长和折扣券', go: '去抽奖' } as const;

/**
 * The dashboard's way to /lottery: a line and a link. Its own chunk, fetched for signed-in users
 * only, so a visitor's first page carries nothing of it but the import.
 */
export default function LotteryCard() {
  return (
    <Card.Root size="sm" data-testid="lottery-card">
      <Card.Body>
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Text fontSize="sm">
            <Text as="span" fontWeight="semibold">
              {t.title}
            </Text>
            <Text as="span" color="fg.muted">
              {' · '}
              {t.text}
            </Text>
          </Text>
          <Button asChild size="xs" colorPalette="brand" variant="outline">
            <RouterLink to="/lottery">{t.go}</RouterLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
