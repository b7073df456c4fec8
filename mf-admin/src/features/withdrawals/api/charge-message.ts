import type { ChargeMessageRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/charge/message: the operator's message the user sees on the withdrawal. */
export function chargeMessage(request: ChargeMessageRequest) {
  return call<Record<string, never>>('admin/charge/message', request);
}
