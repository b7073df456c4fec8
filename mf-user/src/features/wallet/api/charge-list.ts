import type { WithdrawalRecord } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/wallet/charge_list: the user's withdrawals, newest first. */
export function chargeList() {
  return call<WithdrawalRecord[]>('wallet/charge_list', {});
}
