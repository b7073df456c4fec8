import type { WithdrawalRecord } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/wallet/make_charge without a payload: a withdrawal of the whole balance (1012 with its reason). */
export function makeCharge() {
  return call<WithdrawalRecord>('wallet/make_charge', {});
}
