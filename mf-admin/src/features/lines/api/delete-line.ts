import type { IdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agent_line/delete_agent: deletes a line (the spec's name for it). */
export function deleteLine(id: string) {
  return call<unknown>('admin/agent_line/delete_agent', { id } satisfies IdRequest);
}
