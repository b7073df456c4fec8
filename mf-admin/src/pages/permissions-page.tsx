import { ResourcePage } from '../engine/components/resource-page';
import { permissionsResource } from '../features/permissions/permissions-resource';

/** /admin_permissions */
export default function PermissionsPage() {
  return <ResourcePage resource={permissionsResource} />;
}
