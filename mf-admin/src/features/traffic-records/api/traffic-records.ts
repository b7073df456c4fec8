import type { AdminTrafficRecord, AdminTrafficRecordsRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/traffic_spend/traffic_records: every user's records of the last `day_num` days. */
export function trafficRecords(request: AdminTrafficRecordsRequest) {
  return call<AdminTrafficRecord[]>('admin/traffic_spend/traffic_records', request);
}
