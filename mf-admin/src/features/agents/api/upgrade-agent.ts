import type { AgentRef } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agents/upgrade_agentserver: asks the node to upgrade its agent (the BFF reads only `_id`). */
export function upgradeAgent(agentId: string) {
  return call<unknown>('admin/agents/upgrade_agentserver', { _id: agentId } satisfies AgentRef);
}
