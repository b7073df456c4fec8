import type { TrafficRecord } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/traffic/my_traffic_records: the user's records of the last 10 days, newest first (every type). */
export function myTrafficRecords() {
  return call<TrafficRecord[]>('traffic/my_traffic_records', {});
}
