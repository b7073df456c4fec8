import { call } from '@portal/platform';

/** POST /api/admin/agents/clear_updatetimes: sets every node's update count to 0. */
export function clearUpdateTimes() {
  return call<unknown>('admin/agents/clear_updatetimes');
}
