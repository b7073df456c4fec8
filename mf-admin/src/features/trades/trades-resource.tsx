import { DEFAULT_REQUEST_COUNT, type AdminTrade } from '@portal/contracts';
import { TRADE_LIST_MAX } from '@portal/contracts/schemas';
import { bytesToGB, formatYuan } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { column, dateColumn, numberColumn } from '../../engine/columns';
import { countFilter } from '../../engine/count-filter';
import type { ResourceDefinition } from '../../engine/types';
import { tradeList } from './api/trade-list';
import { tradeLabels as t } from './labels';

/** The newest N trades, 100 by default. */
const count = countFilter('requestNumber', t.requestNumber, DEFAULT_REQUEST_COUNT.list, TRADE_LIST_MAX);

const OrderDetailDialog = lazyDialog(() => import('./components/order-detail-dialog'));

/** /admin_tradeList (spec-2 §2 item 6): every payment attempt, newest first. Read-only. */
export const tradesResource: ResourceDefinition<AdminTrade> = {
  title: t.title,
  noun: t.noun,
  testId: 'trades',
  list: (filters) =>
    tradeList({
      requestNumber: count.read(filters),
      filterStr: (filters.filterStr ?? '').trim(),
    }),
  defaultSort: { id: 'create_time', desc: true },
  describe: (row) => row.tradeno,
  filters: [count.filter, { key: 'filterStr', label: t.filterStr, kind: 'text' }],
  columns: [
    column('username', t.username, (row) => row.username),
    column('desc', t.desc, (row) => row.desc),
    column('tradeno', t.tradeno, (row) => row.tradeno),
    column('platform_tradeno', t.platform_tradeno, (row) => row.platform_tradeno),
    column('fromChannel', t.fromChannel, (row) => row.fromChannel),
    numberColumn('request_pay_amound', t.request_pay_amound, (row) => row.request_pay_amound, {
      cell: (row) => formatYuan(row.request_pay_amound),
    }),
    numberColumn('rewardMoney', t.rewardMoney, (row) => row.rewardMoney, {
      cell: (row) => formatYuan(row.rewardMoney),
    }),
    column('pay_mode', t.pay_mode, (row) => t.payModes[row.pay_mode] ?? row.pay_mode),
    column('device', t.device, (row) => t.devices[row.device] ?? row.device),
    column('third_pay_platform', t.third_pay_platform, (row) => row.third_pay_platform),
    column('status', t.status, (row) => t.status_labels[row.status] ?? row.status),
    dateColumn('create_time', t.create_time, (row) => row.create_time),
    numberColumn('add_traffic', t.add_traffic, (row) => Number(bytesToGB(row.add_traffic)), {
      cell: (row) => bytesToGB(row.add_traffic),
    }),
    numberColumn('add_vip_duration', t.add_vip_duration, (row) => row.add_vip_duration),
    column('order_id', t.order_id, (row) => row.order_id),
    column('note', t.note, (row) => row.note, { sortable: false, wrap: true }),
  ],
  rowActions: [
    {
      key: 'detail',
      label: t.detail,
      run: (row, ctx) => ctx.show((close) => <OrderDetailDialog orderId={row.order_id} onClose={close} />),
    },
  ],
};
