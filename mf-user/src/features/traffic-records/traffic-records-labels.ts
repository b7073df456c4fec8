import { USER_TRAFFIC_RECORD_DAYS } from '@portal/contracts';
import { trafficRecordTypeLabels } from '@portal/contracts/traffic-labels';

/** Texts of /traffic_records (ours: the spec describes the page in English). */
export const trafficRecordsLabels = {
  title: '流量记录',
  subtitle: `最近 ${USER_TRAFFIC_RECORD_DAYS} 天的流量变化，最新的在前。`,
  loginNeeded: '请登录后查看流量记录',
  loadFailed: '流量记录加载失败',
  type: '记录类型',
  allTypes: '全部类型',
  /** spec-2 §9's record types in Chinese (shared with /all_traffic_records); an unknown one as stored. */
  typeLabel: (type: string): string => (trafficRecordTypeLabels as Readonly<Record<string, string>>)[type] ?? type,
  time: '时间',
  allTraffic: '累计流量',
  allSpend: '累计使用',
  left: '剩余',
  exemption: '时长包抵扣',
} as const;
