import type { FeedbackTicket } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/feedback/my_list: the user's tickets (an admin's: everyone's, with the creator). */
export function myTickets() {
  return call<FeedbackTicket[]>('feedback/my_list', {});
}
