import { DEFAULT_REQUEST_COUNT, type CouponRecord } from '@portal/contracts';
import { COUPON_RECORD_LIST_MAX } from '@portal/contracts/schemas';
import { column, dateColumn, flagColumn } from '../../engine/columns';
import { countFilter } from '../../engine/count-filter';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { couponRecordList } from './api/coupon-record-list';
import { restoreRecord } from './api/restore-record';
import { effectText } from './lib/effect-text';

const t = {
  title: '优惠券记录',
  noun: '记录',
  limit: '最近条数',
  email: '用户',
  none: '无',
  code: '优惠券码',
  effect: '效果',
  time: '时间',
  status: '状态',
  restored: '已恢复',
  used: '已使用',
  restore: '恢复',
  confirmRestore: (r: CouponRecord) =>
    `确定恢复 ${r.email || t.none} 的这次使用（${r.code}，${effectText(r)}）吗？体验券收回所给的流量或会员时长，订单上的优惠券随之取消。`,
  restoreSucceeded: '恢复成功',
  restoreFailed: '恢复失败',
} as const;

/** The newest N uses, 100 by default. */
const limit = countFilter('limit', t.limit, DEFAULT_REQUEST_COUNT.list, COUPON_RECORD_LIST_MAX);

/** /coupon_records (spec-2 §2 item 13): the recent uses of coupons, and restoring one. Open to yunying. */
export const couponRecordsResource: ResourceDefinition<CouponRecord> = {
  title: t.title,
  noun: t.noun,
  testId: 'coupon-records',
  editPermission: 'coupons.edit',
  auditType: 'coupon_use',
  list: (filters) => couponRecordList({ limit: limit.read(filters) }),
  defaultSort: { id: 'time', desc: true },
  filters: [limit.filter],
  describe: (row) => `${row.email || t.none} ${row.code}`,
  columns: [
    column('email', t.email, (row) => row.email || t.none),
    column('code', t.code, (row) => row.code),
    column('effect', t.effect, effectText, { sortable: false }),
    dateColumn('time', t.time, (row) => row.time),
    flagColumn('status', t.status, (row) => row.is_delete, [t.restored, t.used]),
  ],
  rowActions: [
    {
      key: 'restore',
      label: t.restore,
      danger: true,
      hidden: (row) => !row.restorable,
      confirm: t.confirmRestore,
      ...outcome({
        call: (row: CouponRecord) => restoreRecord(row._id),
        success: t.restoreSucceeded,
        failure: t.restoreFailed,
      }),
    },
  ],
};
