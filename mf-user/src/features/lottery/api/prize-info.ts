import type { PrizeInfo } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/prize/info: the prizes with their chances, the cost, the user's traffic and draws. */
export function prizeInfo() {
  return call<PrizeInfo>('prize/info');
}
