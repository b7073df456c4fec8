import type { WithdrawalAddressType } from './withdrawals.js';

/**
 * The current password that a change of who controls an account or where its money goes asks
 * for (QUALITY 26): a new e-mail by change_use_info, a new payout address by
 * change_reward_adress. A stolen session alone is not enough. The spec words no such refusal;
 * these follow its password messages (请输入密码, 用户不存在或密码错误).
 */
export const currentPasswordMessages = {
  /** The call came without a password (or an empty one): 4001. */
  required: '请输入当前密码',
  /** A wrong password (1113): counted toward the limit like a failed login. */
  wrong: '当前密码错误',
  label: '当前密码',
  placeholder: '请输入当前登录密码',
  cancel: '取消',
  checking: '验证中...',
  email: {
    title: '确认修改邮箱',
    text: (email: string) =>
      `将登录邮箱修改为 ${email}，请输入当前密码确认。我们会向新邮箱发送一封确认邮件，点击邮件中的链接后修改生效，其他已登录的设备需要重新登录。`,
    confirm: '确认修改',
  },
  address: {
    title: '确认修改收款地址',
    text: (type: WithdrawalAddressType, address: string) =>
      `将收款地址修改为 ${type} ${address}，请输入当前密码确认。修改后 24 小时内申请的提现需人工核实后才能结算，账号邮箱会收到通知。`,
    confirm: '确认修改',
  },
} as const;
