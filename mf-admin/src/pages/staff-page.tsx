import { ResourcePage } from '../engine/components/resource-page';
import { staffResource } from '../features/staff/staff-resource';

/** /admin_staff */
export default function StaffPage() {
  return <ResourcePage resource={staffResource} />;
}
