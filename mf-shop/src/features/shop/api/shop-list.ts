import type { Combo } from '@portal/contracts';
import { call } from '@portal/platform';

/**
 * POST /api/shop/list: the products on sale. Visitors see the shop too, so a session that has
 * expired must not send them to the login page just for looking (quietExpiry).
 */
export function shopList() {
  return call<Combo[]>('shop/list', {}, { quietExpiry: true });
}
