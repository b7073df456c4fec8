import { ResourcePage } from '../engine/components/resource-page';
import { usersResource } from '../features/users/users-resource';

/** /admin_userlist */
export default function UserlistPage() {
  return <ResourcePage resource={usersResource} />;
}
