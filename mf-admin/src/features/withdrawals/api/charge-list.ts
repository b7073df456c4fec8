import type { AdminWithdrawal } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/charge/charge_list: every withdrawal, newest first, with the user's e-mail. */
export function chargeList() {
  return call<AdminWithdrawal[]>('admin/charge/charge_list', {});
}
