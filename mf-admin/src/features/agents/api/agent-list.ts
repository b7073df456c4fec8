import type { AdminAgent } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/agents/list: every node with its health, version and update count. */
export function agentList() {
  return call<AdminAgent[]>('admin/agents/list');
}
