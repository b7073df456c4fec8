import { ResourcePage } from '../engine/components/resource-page';
import { statisticsResource } from '../features/statistics/statistics-resource';

/** /admin_stastic */
export default function StatisticsPage() {
  return <ResourcePage resource={statisticsResource} />;
}
