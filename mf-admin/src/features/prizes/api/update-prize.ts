import type { AdminPrize, PrizeUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/yunying/prize/update: creates (no `_id`) or changes a prize; answers the prize saved. */
export function updatePrize(prize: PrizeUpdate) {
  return call<AdminPrize>('yunying/prize/update', prize);
}
