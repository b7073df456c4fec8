import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useCallData, usePortal, useSignedInPage } from '@portal/platform';
import { RegionError, SessionFailed } from '@portal/ui';
import { channelInfo } from '../features/channel/api/channel-info';
import { rewardList } from '../features/channel/api/reward-list';
import { channelLabels as t } from '../features/channel/channel-labels';
import { InviteCard } from '../features/channel/components/invite-card';
import { RewardRecords } from '../features/channel/components/reward-records';

/**
 * /channel (spec-2 §2): the rebate rate and its rules, the invite link to copy, the invited count
 * and the rebate records. Login required; agency users have no invite rebate (spec-2 §6): the
 * page says so and calls nothing (the BFF refuses them too).
 */
export default function ChannelPage() {
  const session = useSignedInPage();
  const { user } = session;
  const sessionReady = session.state !== 'loading';
  const agencyHost = usePortal((s) => s.isAgency);
  const signedIn = user !== null;
  const agency = agencyHost || user?.is_agency_user === true;
  const enabled = signedIn && !agency;

  const info = useCallData(channelInfo, { enabled });
  const rewards = useCallData(rewardList, { enabled, valid: Array.isArray });

  return (
    <Stack gap="5" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="3xl" mx="auto" w="full" minW="0">
      <Heading size="lg">{t.title}</Heading>
      {session.state === 'visitor' && <Text color="fg.muted">{t.loginNeeded}</Text>}
      {session.state === 'failed' && <SessionFailed onRetry={session.retry} />}
      {signedIn && agency && (
        <Text color="fg.muted" data-testid="channel-agency">
          {t.agency}
        </Text>
      )}
      {(enabled || !sessionReady) && info.state.status === 'loading' && (
        <Skeleton height="180px" borderRadius="l2" data-testid="channel-loading" />
      )}
      {info.state.status === 'error' && (
        <RegionError title={t.loadFailed} detail={info.state.message} onRetry={info.retry} />
      )}
      {info.state.status === 'ready' && <InviteCard info={info.state.data} />}
      {enabled && <RewardRecords state={rewards.state} retry={rewards.retry} />}
    </Stack>
  );
}
