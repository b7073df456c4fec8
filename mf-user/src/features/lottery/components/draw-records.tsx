import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { PrizeDraw } from '@portal/contracts';
import { formatDate, formatDateTime } from '@portal/platform';
import { EmptyState } from '@portal/ui';
import { formatGB } from '../../../lib/units';
import { drawGains } from '../lib/lottery-text';
import { lotteryLabels as t } from '../lottery-labels';

/** The issued coupon: its code (only its owner can use it) and until when. */
export function CouponLine({ coupon }: { coupon: NonNullable<PrizeDraw['coupon']> }) {
  return (
    <Text fontSize="sm" wordBreak="break-all">
      <Text as="span" color="fg.muted">
        {t.couponCode}：
      </Text>
      <Text as="span" fontFamily="mono" fontWeight="semibold" data-testid="lottery-coupon-code">
        {coupon.code}
      </Text>
      <Text as="span" color="fg.muted">
        {' '}
        {t.couponUntil(formatDate(coupon.expireTime))}
      </Text>
    </Text>
  );
}

/** The user's latest draws, newest first: time, prize, what it gave and cost, the coupon issued. */
export function DrawRecords({ draws }: { draws: readonly PrizeDraw[] }) {
  if (draws.length === 0) return <EmptyState />;
  return (
    <Stack gap="2" as="ul" listStyleType="none">
      {draws.map((draw) => (
        <Card.Root as="li" key={draw._id} size="sm" data-testid="lottery-record">
          <Card.Body gap="1">
            <HStack justify="space-between" gap="2" align="flex-start">
              <Text fontWeight="semibold" wordBreak="break-word">
                {draw.prizeName}
              </Text>
              <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                {formatDateTime(draw.time)}
              </Text>
            </HStack>
            <HStack gap="1" flexWrap="wrap">
              {drawGains(draw).map((gain) => (
                <Badge key={gain} colorPalette="green" variant="subtle" whiteSpace="normal">
                  {gain}
                </Badge>
              ))}
              <Badge colorPalette="gray" variant="subtle">
                {t.spent(formatGB(draw.cost))}
              </Badge>
            </HStack>
            {draw.coupon !== null && <CouponLine coupon={draw.coupon} />}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
