import { withdrawalMessages, withdrawalStatusLabels, type WithdrawalAddressType } from '@portal/contracts';

/**
 * Texts of /wallet. The refusals and statuses are spec-2 §4/§5's (from contracts, shared with the
 * BFF); the rest is ours where the spec names none.
 */
export const walletLabels = {
  title: '钱包',
  balance: '钱包余额（元）',
  /** The part of the balance that may be withdrawn: invite rebates earned through a real payment. */
  withdrawable: '可提现',
  /** The rest: refunds, late or excess payments, adjustments; it pays for orders only. */
  shopCredit: '购物余额',
  shopCreditHint: '购物余额（退款、订单关闭后到账的付款等）可用于购买套餐，不能提现；购买时优先使用购物余额。',
  minimum: (yuan: number) => `最低提现金额 ${yuan} 元，提现时提取全部可提现余额`,
  withdraw: '申请提现',
  loadFailed: '钱包加载失败',
  loginNeeded: '请登录后查看钱包',
  account: {
    title: '提现账户',
    addressType: '地址类型',
    address: '收款地址',
    placeholders: {
      'USDT-ERC20': '0x 开头，共 42 位',
      'USDT-TRC20': 'T 开头，共 34 位',
    } satisfies Record<WithdrawalAddressType, string>,
    save: '保存收款地址',
    saving: '保存中...',
    empty: '请输入收款地址',
    invalid: withdrawalMessages.addressInvalid,
    saved: withdrawalMessages.addressSaved,
    saveFailed: '保存失败',
    current: (type: string, address: string) => `当前收款账户：${type} ${address}`,
    none: '尚未设置收款地址',
  },
  confirm: {
    title: '确认提现',
    text: (money: string, type: string) => `将提取全部可提现余额 ¥${money}，转入以下 ${type} 地址：`,
    note: '提交后金额将从钱包中扣除，等待管理员结算。',
    cancel: '取消',
    submit: '确认提现',
    submitting: '提交中...',
  },
  refusals: {
    addressRequired: withdrawalMessages.addressRequired,
    belowMinimum: withdrawalMessages.belowMinimum,
  },
  withdrawDone: '提现申请已提交，请等待结算',
  withdrawFailed: '申请提现失败，请稍后重试',
  withdrawals: {
    title: '提现记录',
    loadFailed: '提现记录加载失败',
    statuses: withdrawalStatusLabels,
    requestTime: '申请时间',
    paidTime: '结算时间',
    msg: '留言',
    txid: '交易哈希（txid）',
    address: '收款地址',
    left: '提现后余额',
  },
  spends: {
    title: '钱包明细',
    loadFailed: '钱包明细加载失败',
    /** spec-2 §4: rebates (money coming in) show as credited. */
    credited: '已到账',
    left: '余额',
    /** Which money a line moved. */
    funds: { withdrawable: '可提现', credit: '购物余额', mixed: '购物余额 + 可提现' },
  },
} as const;
