import type { WalletSpendRecord } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/wallet/spend_list: the wallet ledger (spends, returns, rebates, withdrawals), newest first. */
export function spendList() {
  return call<WalletSpendRecord[]>('wallet/spend_list', {});
}
