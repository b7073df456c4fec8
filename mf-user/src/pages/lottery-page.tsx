import { useCallback } from 'react';
import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { PRIZE_DRAWS_SHOWN, type PrizeDrawResult } from '@portal/contracts';
import { useCallData, useSession, useSignedInPage } from '@portal/platform';
import { RegionError, SessionFailed } from '@portal/ui';
import { prizeInfo } from '../features/lottery/api/prize-info';
import { DrawPanel } from '../features/lottery/components/draw-panel';
import { DrawRecords } from '../features/lottery/components/draw-records';
import { PrizeGrid } from '../features/lottery/components/prize-grid';
import { afterDraw } from '../features/lottery/lib/lottery-text';
import { lotteryLabels as t } from '../features/lottery/lottery-labels';

/**
 * /lottery (ours; issue 13): the prizes with their images and chances, the cost of a draw and the
 * user's permanent traffic, 抽奖 with a confirmation and the result, and the user's recent draws.
 * Signed-in users only; only paid users may draw (the BFF decides).
 */
export default function LotteryPage() {
  const session = useSignedInPage();
  const { user } = session;
  const sessionReady = session.state !== 'loading';
  const signedIn = user !== null;

  const info = useCallData(prizeInfo, { enabled: signedIn });
  const { retry, update } = info;

  const onDrawn = useCallback(
    ({ draw, permanentTraffic }: PrizeDrawResult) => {
      update((current) => afterDraw(current, draw, permanentTraffic, PRIZE_DRAWS_SHOWN));
      // The header's traffic figures (and VIP time) changed too.
      void useSession.getState().refresh();
    },
    [update],
  );

  return (
    <Stack
      gap="5"
      px={{ base: '3', md: '6' }}
      py={{ base: '4', md: '6' }}
      maxW="5xl"
      mx="auto"
      w="full"
      minW="0"
      css={{ containerType: 'inline-size' }}
    >
      <Stack gap="1">
        <Heading size="lg">{t.title}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {t.intro}
        </Text>
      </Stack>
      {session.state === 'visitor' && <Text color="fg.muted">{t.loginNeeded}</Text>}
      {session.state === 'failed' && <SessionFailed onRetry={session.retry} />}
      {(signedIn || !sessionReady) && info.state.status === 'loading' && (
        <Stack gap="3" aria-busy="true" data-testid="lottery-loading">
          <Skeleton height="96px" borderRadius="l2" />
          <Skeleton height="180px" borderRadius="l2" />
        </Stack>
      )}
      {info.state.status === 'error' && (
        <RegionError title={t.loadFailed} detail={info.state.message} onRetry={retry} />
      )}
      {info.state.status === 'ready' && (
        <>
          <DrawPanel info={info.state.data} onDrawn={onDrawn} onRefused={retry} />
          <Stack gap="3" as="section" aria-label={t.prizes}>
            <Heading size="md" as="h2">
              {t.prizes}
            </Heading>
            <PrizeGrid prizes={info.state.data.prizes} />
          </Stack>
          <Stack gap="3" as="section" aria-label={t.records} data-testid="lottery-records">
            <Heading size="md" as="h2">
              {t.records}
            </Heading>
            <DrawRecords draws={info.state.data.draws} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
