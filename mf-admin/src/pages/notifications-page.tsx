import { ResourcePage } from '../engine/components/resource-page';
import { deliveriesResource } from '../features/notifications/deliveries-resource';

/** /admin_notifications */
export default function NotificationsPage() {
  return <ResourcePage resource={deliveriesResource} />;
}
