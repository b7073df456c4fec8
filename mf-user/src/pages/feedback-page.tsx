import { useCallback, useState } from 'react';
import { Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, FEEDBACK_CHANGED_EVENT, pollMs } from '@portal/contracts';
import { useSignedInPage } from '@portal/platform';
import { lazyDialog, RegionError, SessionFailed } from '@portal/ui';
import { myTickets } from '../features/feedback/api/my-list';
import { TicketDetail } from '../features/feedback/components/ticket-detail';
import { TicketList } from '../features/feedback/components/ticket-list';
import { feedbackLabels as t } from '../features/feedback/feedback-labels';
import { usePolledCall } from '../features/feedback/hooks/use-polled-call';
import type { PageSize } from '../features/feedback/lib/paging';

const CreateTicketDialog = lazyDialog(() => import('../features/feedback/components/create-ticket-dialog'));

/** The ticket an address opens (`/#/feedback?ticket=<id>`), so back and reload keep the detail. */
const TICKET_PARAM = 'ticket';

/**
 * /feedback (spec-2 §2): the user's tickets (an admin's: everyone's, with the creator), the
 * create dialog, and one ticket's detail with its thread and reply box. The list and an open
 * detail refresh every 30 s (spec-2 §9) and stop when the page is left. Signed-in users only.
 */
export default function FeedbackPage() {
  const session = useSignedInPage();
  const { user } = session;
  const sessionReady = session.state !== 'loading';
  const signedIn = user !== null;
  // The operator's view (every ticket, close): staff holding tickets.read (issue 25); the BFF decides each call.
  const isAdmin = user?.staff ? user.staff.permissions.includes('tickets.read') : user?.type === 'admin';
  const [params, setParams] = useSearchParams();
  const openId = params.get(TICKET_PARAM);
  const [creating, setCreating] = useState(false);
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);

  const list = usePolledCall(myTickets, { enabled: signedIn, intervalMs: pollMs.ticket, valid: Array.isArray });
  const { refresh: refreshList } = list;

  const changed = useCallback(() => {
    void refreshList();
    window.dispatchEvent(new Event(FEEDBACK_CHANGED_EVENT));
  }, [refreshList]);

  const closeDetail = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(TICKET_PARAM);
      return next;
    });

  return (
    <Stack gap="4" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="4xl" mx="auto" w="full" minW="0">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Heading size="lg">{t.title}</Heading>
        {signedIn && openId === null && (
          <Button colorPalette="brand" onClick={() => setCreating(true)} onPointerEnter={CreateTicketDialog.preload}>
            {t.newTicket}
          </Button>
        )}
      </HStack>
      {session.state === 'visitor' && <Text color="fg.muted">{t.loginNeeded}</Text>}
      {session.state === 'failed' && <SessionFailed onRetry={session.retry} />}
      {signedIn && openId !== null && (
        <TicketDetail key={openId} id={openId} isAdmin={isAdmin} onBack={closeDetail} onChanged={changed} />
      )}
      {openId === null && (
        <>
          {signedIn && (
            <Text fontSize="sm" color="fg.muted">
              {t.intro}
            </Text>
          )}
          {(signedIn || !sessionReady) && list.state.status === 'loading' && (
            <Stack gap="2" aria-busy="true" data-testid="ticket-list-loading">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="72px" borderRadius="l2" />
              ))}
            </Stack>
          )}
          {list.state.status === 'error' && (
            <RegionError title={t.loadFailed} detail={list.state.message} onRetry={list.retry} />
          )}
          {list.state.status === 'ready' && (
            <TicketList tickets={list.state.data} isAdmin={isAdmin} paging={{ page, size, setPage, setSize }} />
          )}
        </>
      )}
      {creating && <CreateTicketDialog onClose={() => setCreating(false)} onCreated={() => void refreshList()} />}
    </Stack>
  );
}
