import type { AdminUserWallet } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/charge/wallet: the user's wallet (money, address type, address). */
export function chargeWallet(uid: string) {
  return call<AdminUserWallet>('admin/charge/wallet', { uid });
}
