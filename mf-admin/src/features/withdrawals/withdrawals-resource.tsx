import {
  withdrawalStatuses,
  type AdminWithdrawal,
  type ChargeMessageRequest,
  type CheckoutChargeRequest,
} from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import {
  ChargeMessageRequest as ChargeMessageSchema,
  CheckoutChargeRequest as CheckoutChargeSchema,
} from '@portal/contracts/schemas';
import { formatYuan } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { column, dateColumn, flagColumn, longTextColumn, numberColumn } from '../../engine/columns';
import { fieldList } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import { showForm } from '../../engine/show-form';
import type { FormDef, ResourceDefinition } from '../../engine/types';
import { chargeList } from './api/charge-list';
import { chargeMessage } from './api/charge-message';
import { checkoutCharge } from './api/checkout-charge';
import { withdrawalLabels as t } from './labels';

const UserWalletDialog = lazyDialog(() => import('./components/user-wallet-dialog'));

const isOpen = (row: AdminWithdrawal) => row.status === 'request';

/** The settle dialog: the payout's transaction id (required), then 结算成功 / 结算失败:{message}. */
export const settleForm: FormDef<CheckoutChargeRequest, CheckoutChargeRequest> = {
  schema: CheckoutChargeSchema,
  fields: fieldList<CheckoutChargeRequest>(t, [['txid', { help: t.txidHelp, wide: true }]]),
  defaults: () => ({ charge_id: '', txid: '' }),
  toForm: (request) => request,
  fromForm: (values) => ({ charge_id: values.charge_id, txid: values.txid.trim() }),
  save: outcome({ call: checkoutCharge, success: m.success.settled, failure: m.failure.settle }),
};

/**
 * The message dialog: 留言成功 on success; a failure stays in the dialog (the spec shows no error
 * toast for this call, and a silent failure would lose the operator's text).
 */
export const messageForm: FormDef<ChargeMessageRequest, ChargeMessageRequest> = {
  schema: ChargeMessageSchema,
  fields: fieldList<ChargeMessageRequest>(t, [['msg', { kind: 'textarea', help: t.messageHelp, wide: true }]]),
  defaults: () => ({ charge_id: '', msg: '' }),
  toForm: (request) => request,
  save: outcome({ call: chargeMessage, success: m.success.messageLeft, failure: t.messageFailed, failureInline: true }),
};

/**
 * /admin_charge (spec-2 §2 item 7): the withdrawals, newest first; settle (with the txid) and the
 * user's wallet only while a request is open; a message at any time.
 */
export const withdrawalsResource: ResourceDefinition<AdminWithdrawal> = {
  title: t.title,
  noun: t.noun,
  testId: 'charges',
  editPermission: 'withdrawals.settle',
  auditType: 'withdrawal',
  list: () => chargeList(),
  defaultSort: { id: 'requestTime', desc: true },
  describe: (row) => `${row.email} ¥${formatYuan(row.money)}`,
  filters: [
    {
      key: 'status',
      label: t.statusFilter,
      kind: 'select',
      options: () => withdrawalStatuses.map((status) => ({ value: status, label: t.statuses[status] })),
      match: (row, value) => row.status === value,
    },
  ],
  columns: [
    column('email', t.email, (row) => row.email),
    numberColumn('money', t.money, (row) => row.money, { cell: (row) => formatYuan(row.money) }),
    flagColumn('status', t.status, (row) => row.status === 'paid', [t.statuses.paid, t.statuses.request]),
    dateColumn('requestTime', t.requestTime, (row) => row.requestTime),
    dateColumn('paidTime', t.paidTime, (row) => row.paidTime),
    longTextColumn('msg', t.msg, (row) => row.msg, t.msgSummary),
    column('txid', t.txid, (row) => row.txid, { sortable: false, wrap: true }),
    column('addressType', t.addressType, (row) => row.addressType),
    column('address', t.address, (row) => row.address, { sortable: false, wrap: true }),
    column('note', t.note, (row) => row.note, { sortable: false, wrap: true }),
  ],
  rowActions: [
    {
      key: 'settle',
      label: t.settle,
      permission: 'withdrawals.settle',
      hidden: (row) => !isOpen(row),
      run: (row, ctx) =>
        showForm(
          ctx,
          settleForm,
          { charge_id: row._id, txid: '' },
          t.settleTitle(row.email, formatYuan(row.money)),
          'charge-settle',
        ),
    },
    {
      key: 'detail',
      label: t.detail,
      hidden: (row) => !isOpen(row),
      run: (row, ctx) => ctx.show((close) => <UserWalletDialog uid={row.uid} email={row.email} onClose={close} />),
    },
    {
      key: 'message',
      label: t.message,
      permission: 'withdrawals.settle',
      run: (row, ctx) =>
        showForm(ctx, messageForm, { charge_id: row._id, msg: row.msg }, t.messageTitle(row.email), 'charge-message'),
    },
  ],
};
