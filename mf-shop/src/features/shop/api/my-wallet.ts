import type { Wallet } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/wallet/mywallet: the balance the order-confirm dialog previews the deduction from. */
export function myWallet() {
  return call<Wallet>('wallet/mywallet', {});
}
