import type { AgentListItem } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/agent/agent_list (spec-2 §7): the enabled nodes with their last reported latency. */
export function agentList() {
  return call<AgentListItem[]>('agent/agent_list', {});
}
