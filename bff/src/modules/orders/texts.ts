import { yuanOf } from '../../lib/money.js';

/**
 * Descriptions the money path writes into records users read (wallet spend_list, traffic
 * records, rebate records); `product` is the order's desc (the product name).
 */
export const ledgerTexts = {
  walletSpend: (product: string) => `购买「${product}」钱包抵扣`,
  walletReturned: (product: string) => `订单「${product}」钱包抵扣退回`,
  bought: (product: string, days: number) =>
    days > 0 ? `购买「${product}」，会员时长 +${days} 天` : `购买「${product}」`,
  rebate: (product: string) => `邀请返利：${product}`,
  paidAfterClose: (product: string, cents: number) => `订单「${product}」已关闭，支付的 ${yuanOf(cents)} 元已存入钱包`,
  overpaid: (product: string, cents: number) => `订单「${product}」多付的 ${yuanOf(cents)} 元已存入钱包`,
  seedDeposit: '初始余额',
} as const;
