import { useCallback, useState } from 'react';
import { Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Codes, pollMs, ticketViewStatus, toastMs, type FeedbackTicketDetail } from '@portal/contracts';
import { formatDateTime, notify, type CallOptions } from '@portal/platform';
import { RegionError } from '@portal/ui';
import { closeTicket } from '../api/close-ticket';
import { refreshTicket } from '../api/refresh-ticket';
import { feedbackLabels } from '../feedback-labels';
import { usePolledCall } from '../hooks/use-polled-call';
import { ReplyBox } from './reply-box';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketThread } from './ticket-thread';

const t = feedbackLabels.detail;

const isDetail = (data: FeedbackTicketDetail) => Array.isArray(data?.comments);

export interface TicketDetailProps {
  id: string;
  isAdmin: boolean;
  onBack: () => void;
  /** A reply or a close went through: the list (and the admins' badge) count again. */
  onChanged: () => void;
}

/**
 * One ticket (spec-2 §2): title, status, creator for admins, the thread, the reply box while it
 * is open (hidden once closed) and, for admins, the close action. Refreshed every 30 s while
 * shown (spec-2 §9); leaving the detail or the page stops it.
 */
export function TicketDetail({ id, isAdmin, onBack, onChanged }: TicketDetailProps) {
  const load = useCallback((options?: CallOptions) => refreshTicket(id, options), [id]);
  const { state, retry, refresh, set } = usePolledCall(load, { intervalMs: pollMs.ticket, valid: isDetail });
  const [closing, setClosing] = useState(false);

  async function close() {
    setClosing(true);
    const result = await closeTicket(id);
    setClosing(false);
    if (result.code === Codes.OK && isDetail(result.data)) {
      set(result.data);
      notify({ kind: 'success', title: t.closed, durationMs: toastMs.short });
      onChanged();
      return;
    }
    if (result.status !== 502 && result.code !== Codes.SESSION_EXPIRED) {
      notify({ kind: 'error', title: t.closeFailed, durationMs: toastMs.short });
    }
  }

  const replied = (ticket: FeedbackTicketDetail) => {
    set(ticket);
    onChanged();
  };

  return (
    <Stack gap="4" data-testid="ticket-detail" minW="0">
      <Button alignSelf="flex-start" size="sm" variant="ghost" onClick={onBack}>
        ‹ {t.back}
      </Button>
      {state.status === 'loading' && (
        <Stack gap="3" aria-busy="true" data-testid="ticket-detail-loading">
          <Skeleton height="32px" borderRadius="l2" />
          <Skeleton height="160px" borderRadius="l2" />
        </Stack>
      )}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && (
        <Card.Root size="sm">
          <Card.Body gap="4">
            <Stack gap="1">
              <HStack justify="space-between" align="flex-start" gap="3">
                <Heading as="h2" size="md" wordBreak="break-word" minW="0" data-testid="ticket-title">
                  {state.data.title}
                </Heading>
                <TicketStatusBadge status={ticketViewStatus(state.data, isAdmin)} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {t.createTime}：{formatDateTime(state.data.createTime)}
              </Text>
              {isAdmin && (
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all" data-testid="ticket-creator">
                  {t.creator}：{state.data.email}
                </Text>
              )}
            </Stack>
            <TicketThread ticket={state.data} isAdmin={isAdmin} />
            {state.data.status === 'open' ? (
              <ReplyBox ticketId={id} onReplied={replied} onClosed={() => void refresh()} />
            ) : (
              <Text color="fg.muted" fontSize="sm" textAlign="center" data-testid="ticket-closed-note">
                {t.closedNote}
              </Text>
            )}
            {isAdmin && state.data.status === 'open' && (
              <Button
                alignSelf="flex-start"
                variant="outline"
                colorPalette="red"
                onClick={() => void close()}
                loading={closing}
                loadingText={t.closing}
              >
                {t.close}
              </Button>
            )}
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
