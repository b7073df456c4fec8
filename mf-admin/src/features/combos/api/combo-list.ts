import type { Combo } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/shop/list: the products (the shop's own list; the admin screen edits them). */
export function comboList() {
  return call<Combo[]>('shop/list');
}
