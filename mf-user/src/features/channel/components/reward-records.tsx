import { Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ChannelReward } from '@portal/contracts';
import { formatDateTime, formatYuan, type CallData } from '@portal/platform';
import { EmptyState, RegionError } from '@portal/ui';
import { channelLabels } from '../channel-labels';

const t = channelLabels.rewards;

/** The rebate records (spec-2 §2: user, item, reward, time) as cards, at any width. */
export function RewardRecords({ state, retry }: { state: CallData<ChannelReward[]>; retry: () => void }) {
  return (
    <Stack gap="3" data-testid="channel-rewards" minW="0">
      <Heading size="md" as="h2">
        {t.title}
      </Heading>
      {state.status === 'loading' && (
        <Stack gap="2" aria-busy="true" data-testid="channel-rewards-loading">
          {[0, 1].map((i) => (
            <Skeleton key={i} height="72px" borderRadius="l2" />
          ))}
        </Stack>
      )}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && <EmptyState />}
      {state.status === 'ready' && state.data.length > 0 && (
        <Stack gap="2" as="ul" listStyleType="none">
          {state.data.map((reward) => (
            <Card.Root as="li" key={reward._id} size="sm" data-testid="reward-record">
              <Card.Body gap="1">
                <HStack justify="space-between" gap="2" align="flex-start">
                  <Text fontWeight="medium" minW="0" wordBreak="break-all" data-testid="reward-user">
                    {reward.comsumer_name}
                  </Text>
                  <Text fontWeight="semibold" color="green.fg" whiteSpace="nowrap" data-testid="reward-amount">
                    +¥{formatYuan(reward.reward)}
                  </Text>
                </HStack>
                <Text fontSize="sm" wordBreak="break-word">
                  <Text as="span" color="fg.muted">
                    {t.item}：
                  </Text>
                  {reward.desc}
                </Text>
                <HStack justify="space-between" gap="2" flexWrap="wrap" fontSize="sm" color="fg.muted">
                  <Text>
                    {t.spend} ¥{formatYuan(reward.userSpend)}
                  </Text>
                  <Text>{formatDateTime(reward.buyTime)}</Text>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
