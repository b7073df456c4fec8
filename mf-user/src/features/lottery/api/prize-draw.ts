import type { PrizeDrawResult } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/prize/draw: one draw (paid users; 1109, 1110, 1111 refuse and spend nothing). */
export function prizeDraw() {
  return call<PrizeDrawResult>('prize/draw');
}
