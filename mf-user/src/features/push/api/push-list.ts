import type { PushList } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/push/list: the gift rules, the permanent traffic one could give, and the user's gift cards. */
export function pushList() {
  return call<PushList>('push/list', {});
}
