import { ResourcePage } from '../engine/components/resource-page';
import { trafficRecordsResource } from '../features/traffic-records/traffic-records-resource';

/** /all_traffic_records */
export default function AllTrafficRecordsPage() {
  return <ResourcePage resource={trafficRecordsResource} />;
}
