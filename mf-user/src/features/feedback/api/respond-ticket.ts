import type { FeedbackResponseRequest, FeedbackTicketDetail } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/feedback/response {id, desc, imageUrl}: a reply; 1035 when the ticket is closed. */
export function respondTicket(request: FeedbackResponseRequest) {
  return call<FeedbackTicketDetail>('feedback/response', request);
}
