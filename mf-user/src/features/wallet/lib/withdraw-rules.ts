import { isWithdrawalAddress, type Wallet } from '@portal/contracts';
import { toCents } from '@portal/platform';
import { walletLabels as t } from '../wallet-labels';

/** The balance as the spec shows it: yuan with 3 decimals. */
export const formatBalance = (yuan: number): string => yuan.toFixed(3);

/** True when the wallet holds a saved address of the network's format. */
export function hasValidAddress(wallet: Wallet): boolean {
  return wallet.addressType !== '' && isWithdrawalAddress(wallet.addressType, wallet.address);
}

/**
 * spec-2 §5, checked before the confirm dialog: a saved address first (请先填写并确认您的收款地址),
 * then a balance of at least the minimum (申请提现失败，最低提现金额:{n}元). null when allowed.
 * The BFF checks the same and answers 1012 with the message.
 */
export function withdrawRefusal(wallet: Wallet): string | null {
  if (!hasValidAddress(wallet)) return t.refusals.addressRequired;
  if (toCents(wallet.money) <= 0 || toCents(wallet.money) < toCents(wallet.min_charge_money)) {
    return t.refusals.belowMinimum(wallet.min_charge_money);
  }
  return null;
}
