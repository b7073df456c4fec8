import type { ErrorsCleared } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/errors/clear: deletes the whole error log and says how many entries it held. */
export function clearErrors() {
  return call<ErrorsCleared>('admin/errors/clear');
}
