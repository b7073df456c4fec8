import type { PayMode } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/shop/pay_modes: the methods the server can take a payment with now. */
export function enabledPayModes() {
  return call<PayMode[]>('shop/pay_modes', {});
}
