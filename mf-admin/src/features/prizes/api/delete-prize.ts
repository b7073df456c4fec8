import type { IdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/yunying/prize/delete: the prize leaves the lottery; its draws keep what they recorded. */
export function deletePrize(id: string) {
  return call<object>('yunying/prize/delete', { id } satisfies IdRequest);
}
