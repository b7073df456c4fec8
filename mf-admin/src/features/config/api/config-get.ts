import type { AdminConfig } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/config/get: every operator setting's definition and current value (secrets masked). */
export function configGet() {
  return call<AdminConfig>('admin/config/get');
}
