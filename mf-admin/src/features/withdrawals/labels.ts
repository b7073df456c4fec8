import { withdrawalStatusLabels } from '@portal/contracts';

/** Texts of /admin_charge (ours where the spec names none; the statuses are spec-2 §4's). */
export const withdrawalLabels = {
  /** As the route table names the page. */
  title: '提现管理',
  noun: '提现',
  email: '用户邮箱',
  money: '金额（元）',
  status: '状态',
  statuses: withdrawalStatusLabels,
  requestTime: '申请时间',
  paidTime: '结算时间',
  msg: '留言',
  msgSummary: '查看留言',
  txid: '交易哈希（txid）',
  addressType: '地址类型',
  address: '收款地址',
  /** Why a request is held (made within 24 h of an address change); '' otherwise. */
  note: '备注',
  statusFilter: '状态',
  settle: '结算',
  settleTitle: (email: string, money: string) => `结算 · ${email} · ¥${money}`,
  txidHelp: '转账完成后填写链上交易哈希，用户可在提现记录中看到。',
  detail: '详情',
  detailTitle: (email: string) => `钱包 · ${email}`,
  walletMoney: '钱包余额（元）',
  noAddress: '未填写',
  message: '留言',
  messageTitle: (email: string) => `留言 · ${email}`,
  messageHelp: '用户在提现记录中看到这条留言；留空即清除。',
  /** The spec names no failure text for the message call (and shows no toast for it). */
  messageFailed: '留言失败',
} as const;
