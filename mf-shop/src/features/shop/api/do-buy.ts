import type { DoBuyRequest, PaymentResult } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/shop/dobuy: starts the payment; status 'paied' when nothing was left to pay. */
export function doBuy(request: DoBuyRequest) {
  return call<PaymentResult>('shop/dobuy', request, { loading: true });
}
