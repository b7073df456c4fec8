import type { FeedbackTicket } from '@portal/contracts';
import { call, type CallOptions } from '@portal/platform';

/** POST /api/feedback/my_list: the user's tickets (an admin's: everyone's, with the creator). */
export function myTickets(options?: CallOptions) {
  return call<FeedbackTicket[]>('feedback/my_list', {}, options);
}
