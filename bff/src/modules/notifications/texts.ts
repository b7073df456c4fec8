import { PRODUCT_NAME } from '@portal/contracts';
import { notificationEventLabel } from '@portal/contracts/notifications';
import type { MailContent } from '../mail/index.js';

const GB = 1024 ** 3;
const gb = (bytes: unknown) => `${(Number(bytes) / GB).toFixed(2)} GB`;
const yuan = (value: unknown) => `¥${Number(value).toFixed(2)}`;
const when = (iso: unknown, timeZone: string) =>
  typeof iso === 'string' && iso !== '' ? new Date(iso).toLocaleString('zh-CN', { timeZone, hour12: false }) : '—';

/**
 * The sentence a person reads for an event (Telegram, mail); the webhook gets the data as it is.
 * Never a password, key or subscription link: the events carry none.
 */
export function eventSentence(event: string, data: Record<string, unknown>, timeZone: string): string {
  const d = data;
  switch (event) {
    case 'user.registered':
      return `新用户注册：${String(d.email)}（${String(d.userId)}）`;
    case 'order.paid':
      return `订单已支付：${String(d.product)} ${yuan(d.amount)}，用户 ${String(d.email)}，订单 ${String(d.orderId)}（${String(d.provider)}）`;
    case 'payment.refused':
      return `支付回调被拒绝：${String(d.provider)}，交易 ${String(d.tradeId || '—')}，原因：${String(d.reason)}`;
    case 'payment.reconciled':
      return `对账补单：交易 ${String(d.tradeId)}（${String(d.provider)}）已按网关查询结果入账`;
    case 'withdrawal.requested':
      return `提现申请：用户 ${String(d.email)} 申请提现 ${yuan(d.amount)}${d.held === true ? '（收款地址 24 小时内修改过，已暂缓）' : ''}`;
    case 'withdrawal.settled':
      return `提现 ${yuan(d.amount)} 已处理，交易哈希：${String(d.txid)}`;
    case 'ticket.created':
      return `新工单：「${String(d.title)}」，用户 ${String(d.email)}`;
    case 'ticket.replied':
      return `用户回复了工单「${String(d.title)}」（${String(d.email)}）`;
    case 'ticket.answered':
      return `你的工单「${String(d.title)}」有新回复，请到用户中心查看。`;
    case 'node.offline':
      return `节点离线：${String(d.name)}，最后上报 ${when(d.lastReportAt, timeZone)}`;
    case 'node.online':
      return `节点恢复：${String(d.name)} 重新开始上报`;
    case 'job.stalled':
      return `后台任务停滞：${String(d.job)}，最后运行 ${when(d.since, timeZone)}`;
    case 'user.traffic_low':
      return `你的流量已使用 ${String(d.percent)}%（已用 ${gb(d.usedBytes)} / 共 ${gb(d.totalBytes)}），请留意余量。`;
    case 'user.traffic_exhausted':
      return `你的流量已用完（共 ${gb(d.totalBytes)}），购买套餐或流量包后即可继续使用。`;
    case 'user.plan_expiring':
      return `你的套餐将于 ${when(d.expiresAt, timeZone)} 到期（还剩 ${String(d.daysLeft)} 天），请及时续费。`;
    case 'gift.received':
      return `你转赠的 ${String(d.amountGb)} G 流量已被领取。`;
    case 'webhook.test':
      return `测试通知（由 ${String(d.by)} 发送）`;
    default:
      return notificationEventLabel(event);
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A user event as a mail: the label as the subject, the sentence as the body. */
export function eventMail(event: string, data: Record<string, unknown>, timeZone: string): MailContent {
  const sentence = eventSentence(event, data, timeZone);
  const outro = '不想再收到这类邮件？在用户中心的「个人信息」页关闭「邮件提醒」。';
  return {
    subject: `${PRODUCT_NAME}：${notificationEventLabel(event)}`,
    text: `您好！\n\n${sentence}\n\n${outro}\n\n${PRODUCT_NAME}`,
    html: `<p>您好！</p><p>${escapeHtml(sentence)}</p><p style="color:#666">${escapeHtml(outro)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

/** A Telegram message: the event's label on the first line. */
export function eventMessage(event: string, data: Record<string, unknown>, timeZone: string): string {
  return `【${notificationEventLabel(event)}】\n${eventSentence(event, data, timeZone)}`;
}
