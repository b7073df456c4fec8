import { ResourcePage } from '../engine/components/resource-page';
import { agentsResource } from '../features/agents/agents-resource';

/** /admin_agents */
export default function AgentsPage() {
  return <ResourcePage resource={agentsResource} />;
}
