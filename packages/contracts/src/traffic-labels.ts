import type { TrafficRecordType } from './constants.js';

/**
 * The record types of spec-2 §9 in Chinese, for the user's /traffic_records and the back office's
 * /all_traffic_records. The spec names the types only in English; these words are ours.
 *
 * A subpath of its own (`@portal/contracts/traffic-labels`), not part of the index: the index is
 * shared whole with every first page, and only the two traffic-record screens need these.
 */
export const trafficRecordTypeLabels: Readonly<Record<TrafficRecordType, string>> = {
  spend: '使用消耗',
  buy: '购买',
  coupon: '优惠券',
  coupon_restore: '优惠券恢复',
  sign_use: '签到',
  prize_spend: '抽奖消耗',
  prize_reward: '抽奖奖励',
  push_spend: '转赠',
  push_receive: '接收转赠',
  tiyan_expire: '体验流量过期',
  agency_spend: '代理消耗',
  agency_allocate: '代理分配',
  admin_adjust: '管理员调整',
};
