import { ResourcePage } from '../engine/components/resource-page';
import { prizesResource } from '../features/prizes/prizes-resource';

/** /admin_prize */
export default function PrizesPage() {
  return <ResourcePage resource={prizesResource} />;
}
