import type { CheckoutChargeRequest, WithdrawalRecord } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/charge/checkout_charge: request → paid with the payout's txid (once). */
export function checkoutCharge(request: CheckoutChargeRequest) {
  return call<WithdrawalRecord>('admin/charge/checkout_charge', request);
}
