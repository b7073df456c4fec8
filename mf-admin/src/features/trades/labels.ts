import { shopLabels } from '@portal/contracts/shop-labels';

const order = shopLabels.orders;

/** Texts of /admin_tradeList; the order's field names and status labels are the shop's. */
export const tradeLabels = {
  /** As the route table names the page. */
  title: '交易流水',
  noun: '交易',
  requestNumber: '最近条数',
  filterStr: '筛选（邮箱、交易号、订单号、渠道）',
  username: '用户',
  desc: '商品',
  tradeno: '交易号',
  platform_tradeno: '平台交易号',
  fromChannel: '渠道',
  request_pay_amound: '支付金额（元）',
  rewardMoney: '返利（元）',
  pay_mode: '支付方式',
  device: '设备',
  third_pay_platform: '支付平台',
  status: '状态',
  create_time: '创建时间',
  add_traffic: '流量（G）',
  add_vip_duration: '时长（天）',
  order_id: order.fields.id,
  /** Why a paid trade did not pay its order (its money went to the buyer's shop credit). */
  note: '备注',
  detail: order.detail,
  detailTitle: order.detailTitle,
  /** spec-2 §4: paied reads 购买成功 in the back office; the other states as the user sees them. */
  status_labels: { ...order.status, paied: '购买成功' } as Record<string, string>,
  payModes: { ...shopLabels.payModes, wallet: '钱包' } as Record<string, string>,
  devices: { pc: '电脑', mobile: '手机' } as Record<string, string>,
  fields: order.fields,
  none: order.none,
} as const;
