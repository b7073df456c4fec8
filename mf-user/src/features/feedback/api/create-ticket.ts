import type { FeedbackCreateRequest, FeedbackTicketDetail } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/feedback/create {title, desc, imageUrl}: opens a ticket (the BFF checks the rules too). */
export function createTicket(request: FeedbackCreateRequest) {
  return call<FeedbackTicketDetail>('feedback/create', request);
}
