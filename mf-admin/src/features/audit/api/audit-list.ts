import type { AuditEntry, AuditListRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/audit/list: back-office writes, newest first, filtered by operator, record type and time. */
export function auditList(request: AuditListRequest) {
  return call<AuditEntry[]>('admin/audit/list', request);
}
