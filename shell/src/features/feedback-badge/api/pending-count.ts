import type { FeedbackPendingCount } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/feedback/pending_count (admins only): open tickets waiting for an answer. */
export function pendingTicketCount() {
  return call<FeedbackPendingCount>('feedback/pending_count', {});
}
