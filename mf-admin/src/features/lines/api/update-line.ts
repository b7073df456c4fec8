import type { AdminLine, LineUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agent_line/update: creates (no `_id`) or changes a line (fixName with num > 1 is refused). */
export function updateLine(line: LineUpdate) {
  return call<AdminLine>('admin/agent_line/update', line);
}
