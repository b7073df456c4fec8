import { ResourcePage } from '../engine/components/resource-page';
import { auditResource } from '../features/audit/audit-resource';

/** /admin_audit */
export default function AuditPage() {
  return <ResourcePage resource={auditResource} />;
}
