import { call } from '@portal/platform';

/** POST /api/admin/agent_line/reset_hot: sets every line's traffic heat to 0. */
export function resetHot() {
  return call<unknown>('admin/agent_line/reset_hot');
}
