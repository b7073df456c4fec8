import type { FeedbackTicketDetail } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/feedback/close {id} (admins only): the ticket, closed. */
export function closeTicket(id: string) {
  return call<FeedbackTicketDetail>('feedback/close', { id });
}
