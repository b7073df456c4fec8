import type { WithdrawalRecord } from '@portal/contracts';
import { call } from '@portal/platform';

/**
 * POST /api/wallet/make_charge: a withdrawal of `money` yuan (the withdrawable money the dialog
 * showed), or of the whole withdrawable money without it (1012 with its reason).
 */
export function makeCharge(money?: number) {
  return call<WithdrawalRecord>('wallet/make_charge', money === undefined ? {} : { money });
}
