import type { AdminCoupon, CouponType, CouponUpdate } from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { COUPON_LIST_DEFAULT, COUPON_LIST_MAX, CouponUpdate as CouponUpdateSchema } from '@portal/contracts/schemas';
import { formatDate } from '@portal/platform';
import { column, keyColumn, numberColumn } from '../../engine/columns';
import { countFilter } from '../../engine/count-filter';
import { fieldList } from '../../engine/fields';
import { downloadText } from '../../engine/lib/csv';
import { outcome } from '../../engine/outcome';
import type { ResourceDefinition } from '../../engine/types';
import { couponList } from './api/coupon-list';
import { deleteCoupons } from './api/delete-coupons';
import { updateCoupon } from './api/update-coupon';
import { CodeField, DiscountField, ExpiryField, TrafficGbField } from './components/coupon-fields';
import {
  CODES_FILE_NAME,
  codesFile,
  couponEffect,
  couponPayload,
  couponRules,
  couponToForm,
  couponTypeLabels,
  newCoupon,
} from './lib/coupon-form';

const t = {
  title: '优惠券管理',
  noun: '优惠券',
  seq: '序号',
  name: '名称',
  type: '类型',
  typeFilter: '优惠券类型',
  allTypes: '全部类型',
  taobao: '淘宝',
  taobaoFilter: '淘宝券',
  code: '优惠券码',
  effect: '功能',
  traffixHaveLimitTime: '限时流量',
  traffixLimitTime: '自动过期（小时）',
  traffic: '流量（G）',
  vipDay: '会员天数',
  forMoney: '抵扣金额（元）',
  discount: '折扣',
  discountHelp: '0.9 即 9.0折，范围 0.1–1',
  useNumPerUser: '每人可用次数',
  NumberOfAuthorizations: '总次数',
  authTimes: '已使用',
  expireTime: '过期时间',
  expireHelp: '当天结束前有效；留空为永不过期',
  batchCount: '生成数量',
  batchHelp: '每张一个随机券码',
  never: '永不过期',
  deleteAll: '删除所有',
  confirmDeleteAll: (n: number) => `确定删除当前列出的全部 ${n} 张优惠券吗？删除后无法恢复。`,
  download: '下载券码（a.txt）',
} as const;

/** A listed coupon with its place in the newest-first list (the 序号 column). */
type CouponRow = AdminCoupon & { seq: number };

/** The newest N coupons of the filters, 1000 by default (a whole Taobao batch). */
const count = countFilter('limit', '最近张数', COUPON_LIST_DEFAULT, COUPON_LIST_MAX);

/** The filters are the server's: it answers at most `limit` coupons of the type and flag asked for. */
async function numberedCoupons(filters: Record<string, string>) {
  const type = filters.type ?? '';
  const result = await couponList({
    limit: count.read(filters),
    ...(type === '' ? {} : { type: type as CouponType }),
    ...(filters.taobao === '1' ? { taobao: true } : {}),
  });
  return {
    ...result,
    data: Array.isArray(result.data) ? result.data.map((c, i) => ({ ...c, seq: i + 1 })) : result.data,
  };
}

const typeOptions = () => Object.entries(couponTypeLabels).map(([value, label]) => ({ value, label }));
/** A Taobao batch is made on creation only; editing changes one coupon. */
const creatingBatch = (values: Partial<CouponUpdate>) => values.taobao === true && !values._id;

/** /admin_coupon (spec-2 §2 item 14): coupons, Taobao batches and their codes as a.txt. Open to yunying. */
export const couponsResource: ResourceDefinition<CouponRow, CouponUpdate> = {
  title: t.title,
  noun: t.noun,
  testId: 'coupons',
  editPermission: 'coupons.edit',
  auditType: 'coupon',
  list: numberedCoupons,
  defaultSort: { id: 'seq', desc: false },
  filters: [
    {
      key: 'type',
      label: t.typeFilter,
      kind: 'select',
      defaultValue: 'freeUse',
      allLabel: t.allTypes,
      options: typeOptions,
    },
    { key: 'taobao', label: t.taobaoFilter, kind: 'checkbox' },
    count.filter,
  ],
  describe: (row) => `${row.name}（${row.code}）`,
  columns: [
    numberColumn('seq', t.seq, (row) => row.seq),
    keyColumn(t, 'name', { wrap: true }),
    column('type', t.type, (row) => couponTypeLabels[row.type] ?? row.type),
    column('code', t.code, (row) => row.code),
    column('effect', t.effect, couponEffect, { sortable: false }),
    numberColumn('useNumPerUser', t.useNumPerUser, (row) => row.useNumPerUser),
    numberColumn('NumberOfAuthorizations', t.NumberOfAuthorizations, (row) => row.NumberOfAuthorizations),
    numberColumn('authTimes', t.authTimes, (row) => row.authTimes),
    column('expireTime', t.expireTime, (row) => (row.expireTime ? formatDate(row.expireTime) : t.never)),
  ],
  form: {
    schema: CouponUpdateSchema,
    fields: fieldList<CouponUpdate>(t, [
      'name',
      ['type', { options: typeOptions() }],
      ['traffixHaveLimitTime', { visible: (v) => v.type === 'freeUse' }],
      ['traffixLimitTime', { visible: (v) => v.type === 'freeUse' && v.traffixHaveLimitTime === true }],
      'taobao',
      ['code', { kind: 'custom', render: (props) => <CodeField {...props} />, visible: (v) => v.taobao !== true }],
      ['batchCount', { help: t.batchHelp, visible: creatingBatch }],
      [
        'traffic',
        { kind: 'custom', render: (props) => <TrafficGbField {...props} />, visible: (v) => v.type === 'freeUse' },
      ],
      ['vipDay', { visible: (v) => v.type === 'freeTime' }],
      ['forMoney', { visible: (v) => v.type === 'cash' }],
      [
        'discount',
        {
          kind: 'custom',
          help: t.discountHelp,
          render: (props) => <DiscountField {...props} />,
          visible: (v) => v.type === 'discount',
        },
      ],
      'useNumPerUser',
      'NumberOfAuthorizations',
      ['expireTime', { kind: 'custom', help: t.expireHelp, render: (props) => <ExpiryField {...props} /> }],
    ]),
    defaults: (_lookups, filters) => newCoupon(filters),
    toForm: couponToForm,
    fromForm: couponPayload,
    refine: couponRules,
    save: outcome({ call: updateCoupon, success: m.success.couponSaved, failure: m.failure.couponSave }),
  },
  remove: outcome({
    call: (id: string) => deleteCoupons([id]),
    success: m.success.couponDeleted,
    failure: m.failure.couponDelete,
  }),
  toolbarActions: [
    {
      key: 'deleteAll',
      label: t.deleteAll,
      danger: true,
      hidden: ({ rows }) => rows.length === 0,
      confirm: ({ rows }) => t.confirmDeleteAll(rows.length),
      ...outcome({
        call: ({ rows }: { rows: CouponRow[] }) => deleteCoupons(rows.map((row) => row._id)),
        success: m.success.couponsDeletedAll,
        failure: m.failure.couponDeleteAll,
      }),
    },
    {
      key: 'download',
      label: t.download,
      hidden: ({ filters }) => filters.taobao !== '1',
      run: ({ rows }) => downloadText(CODES_FILE_NAME, codesFile(rows)),
    },
  ],
};
