import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Badge, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { shopLabels } from '@portal/contracts/shop-labels';

const t = shopLabels.samples;

/** The frame of a sample page: a title marked 示例数据, the note that it is not a real order, links on. */
export function SamplePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="4" width="full" maxW="2xl" mx="auto" minW="0">
      <HStack gap="2" flexWrap="wrap">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Badge colorPalette="orange" data-testid="sample-badge">
          {t.badge}
        </Badge>
      </HStack>
      <Text color="fg.muted" role="note">
        {t.note}
      </Text>
      <Card.Root size="sm">
        <Card.Body>{children}</Card.Body>
      </Card.Root>
      <HStack gap="2" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/order">{t.toOrders}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/shop">{t.toShop}</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
