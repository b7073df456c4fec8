import type { ReactNode } from 'react';
import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { Gift } from '@portal/contracts';
import { formatDateTime } from '@portal/platform';
import { CopyButton } from '../../../components/copy-button';
import { formatG } from '../lib/gift-rules';
import { pushLabels as t } from '../push-labels';

/** A label and its value, wrapping on a narrow screen. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text fontSize="sm">
      <Text as="span" color="fg.muted">
        {label}：
      </Text>
      {children}
    </Text>
  );
}

/**
 * One gift card (spec-2 §2): the code with its copy button, the amounts in G, the state
 * (spec-2 §4: 未领取 / 已领取) and the times. A gift the user received shows what they got.
 */
export function GiftCard({ gift }: { gift: Gift }) {
  const sent = gift.direction === 'sent';
  return (
    <Card.Root as="li" size="sm" data-testid="gift-card" data-state={gift.state} data-direction={gift.direction}>
      <Card.Body gap="2">
        <HStack justify="space-between" gap="2" flexWrap="wrap">
          <HStack gap="2">
            <Badge colorPalette={gift.state === 'received' ? 'green' : 'orange'} data-testid="gift-state">
              {t.states[gift.state]}
            </Badge>
            <Text fontSize="sm" color="fg.muted">
              {sent ? t.sent : t.received}
            </Text>
          </HStack>
          <Text fontWeight="semibold" data-testid="gift-amount">
            {sent ? `-${t.gb(formatG(gift.pushNumber))}` : `+${t.gb(formatG(gift.receiveNumber))}`}
          </Text>
        </HStack>
        <Stack gap="1">
          <Text fontSize="xs" color="fg.muted">
            {t.code}
          </Text>
          <HStack gap="2" align="center" minW="0">
            <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" minW="0" flex="1" data-testid="gift-code">
              {gift.code}
            </Text>
            <CopyButton text={gift.code} label={t.copyCode} flexShrink={0} />
          </HStack>
        </Stack>
        <Stack gap="0.5">
          {sent ? (
            <>
              <Line label={t.amount}>{t.gb(formatG(gift.pushNumber))}</Line>
              <Line label={t.fee}>{t.gb(formatG(gift.fee))}</Line>
              <Line label={t.receiveNumber}>
                <span data-testid="gift-receive-number">{t.gb(formatG(gift.receiveNumber))}</span>
              </Line>
            </>
          ) : (
            <Line label={t.gained}>
              <span data-testid="gift-receive-number">{t.gb(formatG(gift.receiveNumber))}</span>
            </Line>
          )}
          <Line label={t.createTime}>{formatDateTime(gift.createTime)}</Line>
          {gift.receiveTime && <Line label={t.receiveTime}>{formatDateTime(gift.receiveTime)}</Line>}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
