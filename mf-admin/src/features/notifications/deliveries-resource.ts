import type { DeliveriesRequest } from '@portal/contracts';
import {
  channelLabels,
  deliveryStatusLabels,
  notificationEventLabel,
  notificationMessages as n,
} from '@portal/contracts/notifications';
import { column, dateColumn } from '../../engine/columns';
import { countFilter } from '../../engine/count-filter';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { deliveryList, resendDelivery, sendTestNotification, type DeliveryRow } from './api/deliveries';

const t = {
  number: '显示条数',
  createTime: '时间',
  event: '事件',
  channel: '渠道',
  target: '接收方',
  status: '状态',
  attempts: '尝试次数',
  answer: '接收方应答',
  next: '下次重试',
  allChannels: '全部渠道',
  allStatuses: '全部状态',
  confirmResend: '重新发送这条通知吗？接收方会收到同一个事件编号。',
} as const;

const count = countFilter('number', t.number, 200, 1000);

const options = (labels: Record<string, string>) => () =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * /admin_notifications 通知投递 (issue 28): the last deliveries per channel with their status,
 * attempts and the receiver's answer; a failed or sent one can be sent again, and a test event
 * checks the webhook and the bot.
 */
export const deliveriesResource: ResourceDefinition<DeliveryRow> = {
  title: n.deliveriesTitle,
  noun: '通知',
  testId: 'deliveries',
  editPermission: 'notifications.resend',
  list: (filters) =>
    deliveryList({
      number: count.read(filters),
      ...(filters.channel ? { channel: filters.channel as DeliveriesRequest['channel'] } : {}),
      ...(filters.status ? { status: filters.status as DeliveriesRequest['status'] } : {}),
    }),
  defaultSort: { id: 'createTime', desc: true },
  filters: [
    count.filter,
    { key: 'channel', label: t.channel, kind: 'select', allLabel: t.allChannels, options: options(channelLabels) },
    { key: 'status', label: t.status, kind: 'select', allLabel: t.allStatuses, options: options(deliveryStatusLabels) },
  ],
  columns: [
    dateColumn('createTime', t.createTime, (row) => row.createdAt),
    column('event', t.event, (row) => `${notificationEventLabel(row.event)}（${row.event}）`),
    column('channel', t.channel, (row) => channelLabels[row.channel]),
    column('target', t.target, (row) => row.target, { wrap: true }),
    column('status', t.status, (row) => deliveryStatusLabels[row.status]),
    column('attempts', t.attempts, (row) => row.attempts),
    column('answer', t.answer, (row) => row.lastAnswer, { wrap: true }),
    dateColumn('next', t.next, (row) => row.nextAttemptAt),
  ],
  rowActions: [
    {
      key: 'resend',
      label: n.resend,
      permission: 'notifications.resend',
      hidden: (row) => row.status === 'pending',
      confirm: () => t.confirmResend,
      ...outcome({ call: (row: DeliveryRow) => resendDelivery(row.id), success: n.resent, failure: n.resendFailed }),
    },
  ],
  toolbarActions: [
    {
      key: 'test',
      label: n.sendTest,
      permission: 'notifications.resend',
      ...outcome({ call: () => sendTestNotification(), success: n.testQueued, failure: n.testFailed }),
    },
  ],
};
