import type { FeedbackTicketDetail } from '@portal/contracts';
import { call, type CallOptions } from '@portal/platform';

/** POST /api/feedback/refresh {id}: the ticket with its comment thread (its owner or an admin). */
export function refreshTicket(id: string, options?: CallOptions) {
  return call<FeedbackTicketDetail>('feedback/refresh', { id }, options);
}
