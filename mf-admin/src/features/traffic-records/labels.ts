import { trafficRecordTypeLabels } from '@portal/contracts/traffic-labels';

/** Texts of /all_traffic_records (ours: the spec names them only in English). */
export const trafficRecordLabels = {
  title: '所有流量记录',
  noun: '流量记录',
  type: '记录类型',
  allTypes: '全部类型',
  dayNum: '最近天数',
  uid: '用户 ID',
  email: '邮箱',
  day: '日期',
  trafficChange: '流量变化（G）',
  allSpend: '累计消耗（G）',
  allTraffic: '累计流量（G）',
  /** The record types in Chinese (shared with the user's /traffic_records); an unknown one shows as it is stored. */
  types: trafficRecordTypeLabels as Readonly<Record<string, string>>,
} as const;
