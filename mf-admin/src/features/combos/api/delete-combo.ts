import type { IdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/combo/delete_combo: withdraws a product (its orders keep what they bought). */
export function deleteCombo(id: string) {
  return call<unknown>('admin/combo/delete_combo', { id } satisfies IdRequest);
}
