import { useCallback, useState } from 'react';
import { Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Codes, type PushList } from '@portal/contracts';
import { useCallData, useSignedInPage } from '@portal/platform';
import { EmptyState, lazyDialog, RegionError, SessionFailed } from '@portal/ui';
import { pushList } from '../features/push/api/push-list';
import { GiftCard } from '../features/push/components/gift-cards';
import { feePercent, formatG } from '../features/push/lib/gift-rules';
import { pushLabels as t } from '../features/push/push-labels';

const GiveDialog = lazyDialog(() => import('../features/push/components/give-dialog'));
const ReceiveDialog = lazyDialog(() => import('../features/push/components/receive-dialog'));

const validList = (data: PushList) => Array.isArray(data?.pushList);

/**
 * /push (spec-2 §2): the gift rules and the permanent traffic one can give, the gift and receive
 * dialogs, and the user's gift cards. Signed-in users only: a visitor gets the login prompt.
 */
export default function PushPage() {
  const session = useSignedInPage();
  const { user } = session;
  const sessionReady = session.state !== 'loading';
  const signedIn = user !== null;
  const [open, setOpen] = useState<'give' | 'receive' | null>(null);

  const list = useCallData(pushList, { enabled: signedIn, valid: validList });
  const { state, retry, update } = list;
  const close = () => setOpen(null);

  /** After a gift or a receive: the new figures without the loading state (the gift dialog stays open on its code). */
  const reload = useCallback(async () => {
    const result = await pushList();
    if (result.code === Codes.OK && validList(result.data)) update(() => result.data);
    else retry();
  }, [retry, update]);

  return (
    <Stack gap="5" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="3xl" mx="auto" w="full" minW="0">
      <Heading size="lg">{t.title}</Heading>
      {session.state === 'visitor' && <Text color="fg.muted">{t.loginNeeded}</Text>}
      {session.state === 'failed' && <SessionFailed onRetry={session.retry} />}
      {(signedIn || !sessionReady) && state.status === 'loading' && (
        <Stack gap="3" aria-busy="true" data-testid="push-loading">
          <Skeleton height="120px" borderRadius="l2" />
          <Skeleton height="160px" borderRadius="l2" />
        </Stack>
      )}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <Card.Root size="sm" data-testid="push-summary">
            <Card.Body gap="3">
              <Stack gap="1">
                <Text fontSize="sm" color="fg.muted">
                  {t.available}
                </Text>
                <Text fontSize="3xl" fontWeight="bold" data-testid="push-available">
                  {t.gb(formatG(state.data.permanentTraffic))}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t.rules(state.data.minPushNum, feePercent(state.data.costRate))}
                </Text>
              </Stack>
              <HStack gap="2" flexWrap="wrap">
                <Button colorPalette="brand" onClick={() => setOpen('give')} onPointerEnter={GiveDialog.preload}>
                  {t.give}
                </Button>
                <Button variant="outline" onClick={() => setOpen('receive')} onPointerEnter={ReceiveDialog.preload}>
                  {t.receive}
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
          <Stack gap="3" data-testid="push-list" minW="0">
            <Heading size="md" as="h2">
              {t.listTitle}
            </Heading>
            {state.data.pushList.length === 0 ? (
              <EmptyState />
            ) : (
              <Stack gap="2" as="ul" listStyleType="none">
                {state.data.pushList.map((gift) => (
                  <GiftCard key={gift.code} gift={gift} />
                ))}
              </Stack>
            )}
          </Stack>
          {open === 'give' && <GiveDialog rules={state.data} onClose={close} onDone={() => void reload()} />}
          {open === 'receive' && <ReceiveDialog onClose={close} onDone={() => void reload()} />}
        </>
      )}
    </Stack>
  );
}
