import type { IdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/permissions/delete. */
export function deletePermission(id: string) {
  return call<unknown>('admin/permissions/delete', { id } satisfies IdRequest);
}
