import { ResourcePage } from '../engine/components/resource-page';
import { withdrawalsResource } from '../features/withdrawals/withdrawals-resource';

/** /admin_charge */
export default function ChargePage() {
  return <ResourcePage resource={withdrawalsResource} />;
}
