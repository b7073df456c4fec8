import type { IdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agents/delete. */
export function deleteAgent(id: string) {
  return call<unknown>('admin/agents/delete', { id } satisfies IdRequest);
}
