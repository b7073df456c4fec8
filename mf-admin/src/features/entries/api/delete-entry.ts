import type { IdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/entrys/delete. */
export function deleteEntry(id: string) {
  return call<unknown>('admin/entrys/delete', { id } satisfies IdRequest);
}
