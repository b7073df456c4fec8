import { isWithdrawalAddress, type Wallet } from '@portal/contracts';
import { toCents } from '@portal/platform';
import { walletLabels as t } from '../wallet-labels';

/** The balance as the spec shows it: yuan with 3 decimals. */
export const formatBalance = (yuan: number): string => yuan.toFixed(3);

/** True when the wallet holds a saved address of the network's format. */
export function hasValidAddress(wallet: Wallet): boolean {
  return wallet.addressType !== '' && isWithdrawalAddress(wallet.addressType, wallet.address);
}

/** Shop credit: the part of the balance that only pays for orders (yuan). */
export const shopCreditOf = (wallet: Wallet): number =>
  (toCents(wallet.money) - toCents(wallet.withdrawable_money)) / 100;

/**
 * spec-2 §5, checked before the confirm dialog: a saved address first (请先填写并确认您的收款地址),
 * then withdrawable money of at least the minimum (申请提现失败，最低提现金额:{n}元); shop credit
 * is never withdrawn. null when allowed. The BFF checks the same and answers 1012 with the message.
 */
export function withdrawRefusal(wallet: Wallet): string | null {
  if (!hasValidAddress(wallet)) return t.refusals.addressRequired;
  const withdrawable = toCents(wallet.withdrawable_money);
  if (withdrawable <= 0 || withdrawable < toCents(wallet.min_charge_money)) {
    return t.refusals.belowMinimum(wallet.min_charge_money);
  }
  return null;
}
