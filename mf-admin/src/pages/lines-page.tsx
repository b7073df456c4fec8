import { ResourcePage } from '../engine/components/resource-page';
import { linesResource } from '../features/lines/lines-resource';

/** /admin_agentLines */
export default function LinesPage() {
  return <ResourcePage resource={linesResource} />;
}
