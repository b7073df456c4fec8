import type { BasicStatistics, NumRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/users/basic_stastic: the last `num` service days and the totals. */
export function basicStatistics(request: NumRequest) {
  return call<BasicStatistics>('admin/users/basic_stastic', request);
}
