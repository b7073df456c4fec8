import type { Combo, ComboUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/combo/update_combo: creates (no `_id`) or changes a product; traffic in GB. */
export function updateCombo(combo: ComboUpdate) {
  return call<Combo>('admin/combo/update_combo', combo);
}
