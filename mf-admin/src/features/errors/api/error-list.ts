import type { ErrorLogEntry, NumRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/errors/list: the server's unexpected errors of the last `num` days. */
export function errorList(request: NumRequest) {
  return call<ErrorLogEntry[]>('admin/errors/list', request);
}
