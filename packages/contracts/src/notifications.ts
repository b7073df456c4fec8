import type { StaffPermission } from './staff.js';

/**
 * What the portal tells people (issue 28, docs/notifications.md): the events, who gets each, and
 * the words of the screens that show them. One list; the BFF's outbox, the webhook's `event`
 * field, the staff's Telegram topics and the delivery screen all read it.
 */
export const NOTIFICATION_EVENTS = [
  { key: 'user.registered', label: '新用户注册', staff: 'users.read' },
  { key: 'order.paid', label: '订单已支付', staff: 'trades.read' },
  { key: 'payment.refused', label: '支付回调被拒绝', staff: 'trades.read' },
  { key: 'payment.reconciled', label: '对账补单', staff: 'trades.read' },
  { key: 'withdrawal.requested', label: '提现申请', staff: 'withdrawals.read' },
  { key: 'withdrawal.settled', label: '提现已处理', staff: 'withdrawals.read', user: true },
  { key: 'ticket.created', label: '新工单', staff: 'tickets.read' },
  { key: 'ticket.replied', label: '用户回复工单', staff: 'tickets.read' },
  { key: 'ticket.answered', label: '工单有新回复', user: true },
  { key: 'node.offline', label: '节点离线', staff: 'network.read' },
  { key: 'node.online', label: '节点恢复', staff: 'network.read' },
  { key: 'job.stalled', label: '后台任务停滞', staff: 'errors.read' },
  { key: 'user.traffic_low', label: '流量即将用完', user: true },
  { key: 'user.traffic_exhausted', label: '流量已用完', user: true },
  { key: 'user.plan_expiring', label: '套餐即将到期', user: true },
  { key: 'gift.received', label: '转赠的流量已被领取', user: true },
  { key: 'webhook.test', label: '测试通知', staff: 'settings.read' },
] as const satisfies readonly { key: string; label: string; staff?: StaffPermission; user?: true }[];

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]['key'];

export const notificationEventKeys: readonly NotificationEvent[] = NOTIFICATION_EVENTS.map((e) => e.key);

/** The staff events: what a staff member may choose as Telegram topics (each needs its permission). */
export const STAFF_EVENTS = NOTIFICATION_EVENTS.filter((e) => 'staff' in e);

/** The events sent to the user they concern (Telegram when bound, mail unless switched off). */
export const USER_EVENTS = NOTIFICATION_EVENTS.filter((e) => 'user' in e);

export const isNotificationEvent = (key: string): key is NotificationEvent =>
  (notificationEventKeys as readonly string[]).includes(key);

export const notificationEventLabel = (key: string): string =>
  NOTIFICATION_EVENTS.find((e) => e.key === key)?.label ?? key;

export type NotificationChannel = 'webhook' | 'telegram' | 'mail';
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

export const channelLabels: Record<NotificationChannel, string> = {
  webhook: 'Webhook',
  telegram: 'Telegram',
  mail: '邮件',
};

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: '待发送',
  sent: '已送达',
  failed: '失败',
};

/** The words of the Telegram section of /user_info and of the delivery screen. */
export const notificationMessages = {
  telegramTitle: 'Telegram 通知',
  telegramNote: '绑定后，流量不足、套餐到期、工单回复等提醒会通过 Telegram 机器人发给你。',
  telegramOff: '管理员尚未开启 Telegram 机器人',
  bind: '绑定 Telegram',
  binding: '生成中...',
  bindLink: '在 Telegram 中打开下面的链接并点击「开始」（START），10 分钟内有效：',
  openTelegram: '打开 Telegram',
  bindWaiting: '等待 Telegram 确认...',
  bound: (name: string) => `已绑定：${name}`,
  bindFailed: '绑定链接生成失败',
  topicsTitle: '接收的后台通知',
  topicsSaved: '已保存',
  topicsFailed: '保存失败',
  mailTitle: '邮件提醒',
  mailNote: '流量不足、套餐到期、工单回复等提醒同时发到你的邮箱。',
  mailSaved: '已保存',
  mailFailed: '保存失败',
  /** The bot's answers. */
  botBound: (email: string) => `已绑定账户 ${email}。发送 /unbind 可解除绑定。`,
  botCodeInvalid: '绑定链接无效或已过期，请在用户中心重新生成。',
  botUnbound: '已解除绑定。',
  botNotBound: '当前 Telegram 未绑定任何账户。',
  botHelp: '请在用户中心的「个人信息」页点击「绑定 Telegram」，再打开生成的链接。',
  /** The delivery screen. */
  deliveriesTitle: '通知投递',
  resend: '重新发送',
  resent: '已重新加入发送队列',
  resendFailed: '重新发送失败',
  sendTest: '发送测试通知',
  testQueued: '测试通知已加入发送队列',
  testFailed: '测试通知发送失败',
} as const;

/** An e-mail shown to Telegram and webhooks' readers: the first two letters and the domain. */
export function maskedEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
