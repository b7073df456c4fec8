import { Badge } from '@chakra-ui/react';
import type { TicketViewStatus } from '@portal/contracts';
import { feedbackLabels as t } from '../feedback-labels';

const palettes: Record<TicketViewStatus, string> = {
  open: 'orange',
  responsed: 'green',
  close: 'gray',
  unknown: 'gray',
};

/** The spec-2 §4 label of a ticket as the viewer sees it (处理中, 已回复, 已关闭, 未知). */
export function TicketStatusBadge({ status }: { status: TicketViewStatus }) {
  return (
    <Badge colorPalette={palettes[status]} flexShrink={0} data-testid="ticket-status" data-status={status}>
      {t.statuses[status]}
    </Badge>
  );
}
