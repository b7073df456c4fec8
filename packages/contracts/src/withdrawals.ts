/**
 * Withdrawals (spec-2 §3 "withdrawal (charge)", §4 withdrawal status, §5 withdrawal rules): the
 * values both sides need, without the TypeBox runtime (the schemas are in api/withdrawals.ts).
 */

/** request: the amount is held, awaiting settlement; paid: settled by an operator (with a txid). */
export const withdrawalStatuses = ['request', 'paid'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** spec-2 §4: paid shows settled, otherwise pending settlement. */
export const withdrawalStatusLabels: Readonly<Record<WithdrawalStatus, string>> = {
  request: '待结算',
  paid: '已结算',
};

/** spec-2 §5: the networks a withdrawal is paid out on. */
export const withdrawalAddressTypes = ['USDT-ERC20', 'USDT-TRC20'] as const;
export type WithdrawalAddressType = (typeof withdrawalAddressTypes)[number];

/**
 * The format of each network's address: ERC20 0x and 40 hex digits; TRC20 base58 (no 0, O, I, l)
 * beginning with T, 34 characters. The BFF also checks a TRC20 address's base58check checksum.
 */
export const WITHDRAWAL_ADDRESS_PATTERNS: Readonly<Record<WithdrawalAddressType, string>> = {
  'USDT-ERC20': '^0x[0-9a-fA-F]{40}$',
  'USDT-TRC20': '^T[1-9A-HJ-NP-Za-km-z]{33}$',
};

export const isWithdrawalAddress = (type: WithdrawalAddressType, address: string): boolean =>
  new RegExp(WITHDRAWAL_ADDRESS_PATTERNS[type]).test(address);

/** The longest operator message and payout transaction id. */
export const WITHDRAWAL_MSG_MAX = 500;
export const WITHDRAWAL_TXID_MAX = 200;

export const withdrawalMessages = {
  /** spec-2 §5 (1012). */
  addressRequired: '请先填写并确认您的收款地址',
  /** spec-2 §5 (1012). */
  belowMinimum: (minYuan: number) => `申请提现失败，最低提现金额:${minYuan}元`,
  // Ours: refusals the spec does not word (1012 shows the returned message).
  openRequest: '您已有一笔提现正在等待结算，请结算后再申请',
  moreThanBalance: '申请提现失败，提现金额超过钱包余额',
  /** Shop credit pays for orders only: a request beyond the withdrawable money. */
  moreThanWithdrawable: (withdrawableYuan: number) =>
    `申请提现失败，可提现金额为${withdrawableYuan}元（购物余额只能用于购买套餐，不能提现）`,
  /** The operator's note on a request made within 24 h of an address change. */
  heldNote: (changedAt: string) => `收款地址于 ${changedAt} 修改，24 小时内申请的提现已暂缓结算，请先与用户核实`,
  addressInvalid: (type: WithdrawalAddressType) => `收款地址格式不正确（${type}）`,
  addressSaved: '收款地址已保存',
  /** Settle refusals (after the 结算失败 prefix). */
  notFound: '提现记录不存在',
  alreadyPaid: '该提现已结算',
  held: (until: string) => `该提现在收款地址修改后 24 小时内申请，${until} 之后才能结算`,
} as const;
