import type { AdminPrize } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/yunying/prize/list: the prizes not deleted, in the order they were made. */
export function prizeList() {
  return call<AdminPrize[]>('yunying/prize/list');
}
