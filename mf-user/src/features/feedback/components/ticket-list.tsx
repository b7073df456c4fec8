import { Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ticketViewStatus, type FeedbackTicket } from '@portal/contracts';
import { formatDateTime } from '@portal/platform';
import { EmptyState } from '@portal/ui';
import { feedbackLabels as t } from '../feedback-labels';
import { pageCount, pageRows, type PageSize } from '../lib/paging';
import { Pager } from './pager';
import { TicketStatusBadge } from './ticket-status-badge';

/** A label and its value on one line of a card. */
function Field({ label, children }: { label: string; children: string }) {
  return (
    <Text fontSize="sm" wordBreak="break-all">
      <Text as="span" color="fg.muted">
        {label}：
      </Text>
      {children}
    </Text>
  );
}

/**
 * The ticket table of spec-2 §2 as cards (a phone first): title (opens the detail), create time,
 * status as the viewer sees it, and for admins the creator; paged 5/20/50/100/全部.
 * Titles are user text and render as text.
 */
export interface TicketListProps {
  tickets: FeedbackTicket[];
  isAdmin: boolean;
  /** Paging belongs to the page, so coming back from a ticket keeps it. */
  paging: { page: number; size: PageSize; setPage: (page: number) => void; setSize: (size: PageSize) => void };
}

export function TicketList({ tickets, isAdmin, paging }: TicketListProps) {
  const { page, size, setPage, setSize } = paging;
  if (tickets.length === 0) return <EmptyState />;
  const pages = pageCount(tickets.length, size);
  const current = Math.min(page, pages - 1);
  return (
    <Stack gap="3">
      <Stack as="ul" gap="2" listStyleType="none" data-testid="ticket-list">
        {pageRows(tickets, current, size).map((ticket) => (
          <Card.Root as="li" key={ticket._id} size="sm" data-testid="ticket-row" data-ticket-id={ticket._id}>
            <Card.Body gap="1">
              <HStack justify="space-between" align="flex-start" gap="3">
                <Link asChild fontWeight="semibold" minW="0" wordBreak="break-word" colorPalette="brand">
                  <RouterLink to={`?ticket=${encodeURIComponent(ticket._id)}`}>{ticket.title}</RouterLink>
                </Link>
                <TicketStatusBadge status={ticketViewStatus(ticket, isAdmin)} />
              </HStack>
              <Field label={t.columns.createTime}>{formatDateTime(ticket.createTime)}</Field>
              {isAdmin && <Field label={t.columns.creator}>{ticket.email}</Field>}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      <Pager
        total={tickets.length}
        page={current}
        pages={pages}
        size={size}
        onPage={setPage}
        onSize={(next) => {
          setSize(next);
          setPage(0);
        }}
      />
    </Stack>
  );
}
