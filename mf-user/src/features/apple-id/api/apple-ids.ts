import type { AppleIdAccount } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/apple_ids (ours): the shared accounts, for paid users only (1112 otherwise, without the data). */
export function appleIds() {
  return call<AppleIdAccount[]>('user/apple_ids', {});
}
