import type { Wallet } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/wallet/mywallet: balance, withdrawal address and the minimum withdrawal. */
export function myWallet() {
  return call<Wallet>('wallet/mywallet', {});
}
