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
  paidAfterClose: (product: string, cents: number) =>
    `订单「${product}」已关闭，支付的 ${yuanOf(cents)} 元已存入购物余额`,
  paidAfterChange: (product: string, cents: number) =>
    `订单「${product}」的金额在发起支付后已变更，支付的 ${yuanOf(cents)} 元已存入购物余额`,
  seedDeposit: '初始余额',
  /** A seed file's traffic for a user (a traffic record). */
  seedTraffic: '初始流量',
} as const;

/** The operator's note on a paid trade that did not pay its order (the admin trade list). */
export const tradeNotes = {
  orderClosed: (status: string) =>
    `订单已${status === 'paied' ? '支付' : '关闭'}，本次支付未用于订单，金额已存入用户购物余额（不可提现）`,
  orderChanged: (payableCents: number) =>
    `订单金额在发起支付后已变更（现应付 ${yuanOf(payableCents)} 元），本次支付未用于订单，金额已存入用户购物余额（不可提现）`,
} as const;
