import type { AgentSaved, IdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agents/rotate_secret: issues a new node API secret, shown once. */
export function rotateAgentSecret(id: string) {
  return call<AgentSaved>('admin/agents/rotate_secret', { id } satisfies IdRequest);
}
