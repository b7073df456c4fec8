import type { AgentSaved, AgentUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agents/update: creates (no `_id`) or changes a node; a new node's secret comes back once. */
export function updateAgent(agent: AgentUpdate) {
  return call<AgentSaved>('admin/agents/update', agent);
}
