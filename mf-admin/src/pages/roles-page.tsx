import { ResourcePage } from '../engine/components/resource-page';
import { rolesResource } from '../features/staff/roles-resource';

/** /admin_roles */
export default function RolesPage() {
  return <ResourcePage resource={rolesResource} />;
}
