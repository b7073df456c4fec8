import type { AdminAgent, AgentSaved } from '@portal/contracts';
import {
  AgentRef,
  AgentUpdate,
  EmptyRequest,
  EntryUpdate,
  IdRequest,
  LineUpdate,
  PermissionUpdate,
} from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { adminResource, backOfficeRoute, type AuditService, type Operator } from '../audit/index.js';
import type { NetworkAdminService } from './service.js';

/** Nodes, entries, lines and line permissions share one pair of permissions. */
const NETWORK = { read: 'network.read', edit: 'network.edit' } as const;

/** The admin calls of nodes, entries, lines and permissions (spec-2 §7 "Admin and operations"). */
export function networkAdminRoutes(fastify: FastifyInstance, network: NetworkAdminService, audit: AuditService) {
  adminResource(fastify, audit, {
    base: '/api/admin/permissions',
    permissions: NETWORK,
    list: network.listPermissions,
    update: PermissionUpdate,
    records: network.permissions,
    answer: (saved) => network.permission(saved.id),
  });

  adminResource(fastify, audit, {
    base: '/api/admin/agents',
    permissions: NETWORK,
    list: network.listAgents,
    update: AgentUpdate,
    records: network.agents,
    answer: async ({ id, secret }): Promise<AgentSaved> => ({
      agent: await network.agent(id),
      ...(secret === undefined ? {} : { secret }),
    }),
  });

  adminResource(fastify, audit, {
    base: '/api/admin/entrys',
    permissions: NETWORK,
    list: network.listEntries,
    update: EntryUpdate,
    records: network.entries,
    answer: (saved) => network.entry(saved.id),
  });

  adminResource(fastify, audit, {
    base: '/api/admin/agent_line',
    permissions: NETWORK,
    names: { delete: 'delete_agent' },
    list: network.listLines,
    update: LineUpdate,
    records: network.lines,
    answer: (saved) => network.line(saved.id),
  });

  /** One agent's action: its fields before and after go to the audit log. */
  const onAgent = <T>(id: string, detail: string, operator: Operator, run: () => Promise<T>) =>
    audit.action(operator, { recordType: 'agent', recordId: id, detail, records: network.agents }, run);

  backOfficeRoute(
    fastify,
    '/api/admin/agents/rotate_secret',
    IdRequest,
    async ({ id }, operator): Promise<AgentSaved> => {
      const secret = await onAgent(id, 'rotate_secret', operator, () => network.rotateSecret(id));
      return { agent: await network.agent(id), secret };
    },
    'network.edit',
  );

  backOfficeRoute(
    fastify,
    '/api/admin/agents/upgrade_agentserver',
    AgentRef,
    async ({ _id }, operator): Promise<AdminAgent> => {
      await onAgent(_id, 'upgrade_agentserver', operator, () => network.requestUpgrade(_id));
      return network.agent(_id);
    },
    'network.edit',
  );

  /** Actions on every record of a kind: the log says how many there were. */
  const onAll = (recordType: string, detail: string, operator: Operator, run: () => Promise<number>) =>
    audit.action(
      operator,
      { recordType, recordId: '*', detail, after: (affected) => ({ affected }), committed: network.committed },
      run,
    );

  backOfficeRoute(
    fastify,
    '/api/admin/agents/clear_updatetimes',
    EmptyRequest,
    async (_payload, operator) => ({
      affected: await onAll('agent', 'clear_updatetimes', operator, network.resetUpdateTimes),
    }),
    'network.edit',
  );

  backOfficeRoute(
    fastify,
    '/api/admin/agent_line/reset_hot',
    EmptyRequest,
    async (_payload, operator) => ({
      affected: await onAll('line', 'reset_hot', operator, network.resetHot),
    }),
    'network.edit',
  );
}
