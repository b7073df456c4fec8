import { Badge, Box, Card, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PrizeOffer } from '@portal/contracts';
import { EmptyState } from '@portal/ui';
import { chanceText, gainsOf } from '../lib/lottery-text';
import { lotteryLabels as t } from '../lottery-labels';

/**
 * Columns by the width of the page's own area (a container query, as /wallet does): the shell
 * decides how wide this remote's area is, not the viewport.
 */
const prizeColumns = {
  '@container (min-width: 36em)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '@container (min-width: 56em)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
};

/** A prize's image, or a plain tile when it has none. */
export function PrizePhoto({ url, name, size }: { url: string; name: string; size: string }) {
  if (url === '') {
    return (
      <Box
        w={size}
        h={size}
        flexShrink={0}
        borderRadius="l2"
        bg="brand.subtle"
        color="brand.fg"
        display="grid"
        placeItems="center"
        fontWeight="bold"
        aria-hidden
      >
        奖
      </Box>
    );
  }
  return (
    <Image src={url} alt={t.photoAlt(name)} w={size} h={size} flexShrink={0} borderRadius="l2" objectFit="cover" />
  );
}

/** The prizes a user can win: image, name, what it gives, its description (as text) and its chance. */
export function PrizeGrid({ prizes }: { prizes: readonly PrizeOffer[] }) {
  if (prizes.length === 0) return <EmptyState />;
  return (
    <SimpleGrid columns={1} gap="3" as="ul" listStyleType="none" css={prizeColumns}>
      {prizes.map((prize) => (
        <Card.Root as="li" key={prize._id} size="sm" data-testid="lottery-prize">
          <Card.Body>
            <HStack gap="3" align="flex-start">
              <PrizePhoto url={prize.photoUrl} name={prize.name} size="64px" />
              <Stack gap="1" minW="0" flex="1">
                <Text fontWeight="semibold" wordBreak="break-word">
                  {prize.name}
                </Text>
                <HStack gap="1" flexWrap="wrap">
                  {gainsOf(prize).map((gain) => (
                    <Badge key={gain} colorPalette="brand" variant="subtle" whiteSpace="normal">
                      {gain}
                    </Badge>
                  ))}
                </HStack>
                {prize.desc !== '' && (
                  <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word">
                    {prize.desc}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.muted" data-testid="lottery-chance">
                  {t.chance(chanceText(prize.probability))}
                </Text>
              </Stack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
