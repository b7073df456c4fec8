import type { Gift, PushReceiveRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/push/receive {code}: the gift received (1040 unknown, used or one's own code; 1039 too often; 999). */
export function receivePush(request: PushReceiveRequest) {
  return call<Gift>('push/receive', request);
}
