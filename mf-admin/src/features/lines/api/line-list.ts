import type { AdminLine } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agent_line/list: every line with its traffic heat and last message. */
export function lineList() {
  return call<AdminLine[]>('admin/agent_line/list');
}
