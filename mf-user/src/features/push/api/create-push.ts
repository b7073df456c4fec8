import type { Gift, PushCreateRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/push/create {pushNumber (whole G)}: a gift code (1037 below the minimum, 1038 not enough, 1039 too often). */
export function createPush(request: PushCreateRequest) {
  return call<Gift>('push/create', request);
}
