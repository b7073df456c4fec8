import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { ChannelInfo } from '@portal/contracts';
import { CopyButton } from '../../../components/copy-button';
import { channelLabels as t } from '../channel-labels';
import { inviteLink, ratePercent } from '../lib/invite-link';

/** The rebate rate and its rules, the invite link with its copy button, and the invited count. */
export function InviteCard({ info }: { info: ChannelInfo }) {
  const percent = ratePercent(info.rewardRate);
  const link = info.code === '' ? null : inviteLink(info.inviteBase, info.code);
  return (
    <Card.Root size="sm" data-testid="channel-invite">
      <Card.Body gap="3">
        <HStack gap="6" flexWrap="wrap" align="flex-end">
          <Stack gap="0">
            <Text fontSize="sm" color="fg.muted">
              {t.rateTitle}
            </Text>
            <Text fontSize="3xl" fontWeight="bold" data-testid="channel-rate">
              {t.rateFigure(percent)}
            </Text>
          </Stack>
          <Stack gap="0">
            <Text fontSize="sm" color="fg.muted">
              {t.invited}
            </Text>
            <Text fontSize="3xl" fontWeight="bold" data-testid="channel-invited">
              {t.invitedCount(info.invitedCount)}
            </Text>
          </Stack>
        </HStack>
        <Text fontSize="sm" data-testid="channel-rate-text">
          {t.rate(percent, info.consumerDuration, info.min_charge_money)}
        </Text>
        {!info.open && (
          <Text fontSize="sm" color="orange.fg" data-testid="channel-closed">
            {t.closed}
          </Text>
        )}
        {link !== null && (
          <Stack gap="1">
            <Text fontSize="xs" color="fg.muted">
              {t.link}
            </Text>
            <HStack gap="2" align="center" minW="0">
              <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" minW="0" flex="1" data-testid="channel-link">
                {link}
              </Text>
              <CopyButton
                text={link}
                label={t.copyLink}
                size="sm"
                colorPalette="brand"
                variant="solid"
                flexShrink={0}
              />
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
