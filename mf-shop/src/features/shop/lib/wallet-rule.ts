import { toCents } from '@portal/platform';

/** Below this shortfall (cents) the wallet leaves one yuan to pay: payment channels refuse tiny amounts. */
const ONE_YUAN = 100;

export interface WalletPreview {
  /** Yuan: the order amount after the coupon. */
  afterCoupon: number;
  /** Yuan the wallet will deduct. */
  walletSpend: number;
  /** Yuan left to pay through a payment channel. */
  toPay: number;
  /** True when the shortfall was under one yuan, so the wallet deducts one yuan less. */
  oneYuanLess: boolean;
}

/**
 * The wallet rule of spec-2 §4, previewed before the server applies it (shop/wallet_check): the
 * wallet covers the amount after the coupon; if the remaining shortfall is under 1 yuan, the
 * wallet deducts 1 yuan less (never below nothing). Computed in cents.
 */
export function walletPreview({
  orderMoney,
  couponDiscount,
  walletMoney,
}: {
  orderMoney: number;
  couponDiscount: number;
  walletMoney: number;
}): WalletPreview {
  const due = Math.max(0, toCents(orderMoney) - Math.max(0, toCents(couponDiscount)));
  const wallet = Math.max(0, toCents(walletMoney));
  let spend = Math.min(wallet, due);
  const shortfall = due - spend;
  const oneYuanLess = shortfall > 0 && shortfall < ONE_YUAN && spend > 0;
  if (oneYuanLess) spend = Math.max(0, spend - ONE_YUAN);
  return { afterCoupon: due / 100, walletSpend: spend / 100, toPay: (due - spend) / 100, oneYuanLess };
}
