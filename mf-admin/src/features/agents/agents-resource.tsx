import { HStack } from '@chakra-ui/react';
import { agentTypes, serverTypes, type AdminAgent, type AgentSaved, type AgentUpdate } from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { AgentUpdate as AgentUpdateSchema } from '@portal/contracts/schemas';
import type { CallResult } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { CountryFlag } from '@portal/ui/country-flag';
import { column, flagColumn, keyColumn, keyNumberColumn } from '../../engine/columns';
import { choices, fieldList, optional } from '../../engine/fields';
import { outcome } from '../../engine/outcome';
import type { ActionContext, ResourceDefinition } from '../../engine/types';
import { agentList } from './api/agent-list';
import { clearUpdateTimes } from './api/clear-update-times';
import { deleteAgent } from './api/delete-agent';
import { rotateAgentSecret } from './api/rotate-agent-secret';
import { updateAgent } from './api/update-agent';
import { upgradeAgent } from './api/upgrade-agent';
import { CountryField } from './components/country-field';
import { agentLabels as t } from './labels';
import { agentPorts, agentToForm, newAgent, typePreset } from './lib/agent-rules';

const SecretOnceDialog = lazyDialog(() => import('./components/secret-once-dialog'));

/** A row's call with the node's id. */
const byNodeId =
  <D,>(call: (id: string) => Promise<CallResult<D>>) =>
  (row: AdminAgent) =>
    call(row._id);

/** After a save or a rotation: the node API secret, when one was just issued, shown once. */
function showSecret({ agent, secret }: AgentSaved, ctx: ActionContext) {
  if (secret) ctx.show((close) => <SecretOnceDialog name={agent.name} secret={secret} onClose={close} />);
}

/** /admin_agents (spec-2 §2 item 3): the nodes. */
export const agentsResource: ResourceDefinition<AdminAgent, AgentUpdate> = {
  title: t.title,
  noun: t.noun,
  testId: 'agents',
  editPermission: 'network.edit',
  auditType: 'agent',
  list: agentList,
  defaultSort: { id: 'index', desc: false },
  columns: [
    keyNumberColumn(t, 'index'),
    column('name', t.name, (row) => (row.enabled ? row.name : `${row.name}（${t.disabled}）`)),
    column('country', t.country, (row) => row.country.name, {
      cell: (row) => (
        <HStack as="span" gap="1.5">
          <CountryFlag code={row.country.code} flag={row.country.flag} name="" height={15} />
          <span>{row.country.name}</span>
        </HStack>
      ),
    }),
    keyColumn(t, 'type'),
    keyColumn(t, 'ip'),
    keyNumberColumn(t, 'ctrl_port'),
    column('ports', t.ports, agentPorts, { sortable: false }),
    flagColumn('warp', t.warp, (row) => row.warp, t.onOff),
    flagColumn('open_log', t.open_log, (row) => row.open_log, t.onOff),
    keyColumn(t, 'desc', { wrap: true }),
    flagColumn('status', t.status, (row) => row.status, t.statusLabels, 'red'),
    column(
      'agent_version',
      t.agent_version,
      (row) => `${row.agent_version}${row.upgradePending ? t.upgradePending : ''}`,
    ),
    keyNumberColumn(t, 'updateConfigTimes'),
  ],
  form: {
    schema: AgentUpdateSchema,
    fields: fieldList<AgentUpdate>(t, [
      'index',
      'name',
      ['nameEn', optional],
      ['country', { kind: 'custom', render: (props) => <CountryField {...props} /> }],
      ['type', { options: choices(agentTypes) }],
      ['serverType', { options: choices(serverTypes) }],
      'ip',
      'host',
      'ctrl_port',
      'zz_port',
      'port',
      'public_port',
      ['speed', optional],
      ['orderID', optional],
      'ssh_port',
      'ssh_username',
      ['ssh_password', { kind: 'secret', ...optional }],
      'warp',
      'open_log',
      'enabled',
      ['desc', { kind: 'textarea' }],
    ]),
    defaults: newAgent,
    toForm: agentToForm,
    effects: { type: (values) => typePreset(values.type) },
    save: outcome({ call: updateAgent, success: m.success.updated, failure: m.failure.lineSave, after: showSecret }),
  },
  copy: true,
  remove: outcome({ call: deleteAgent, success: m.success.agentDeleted, failure: m.failure.agentDelete }),
  rowActions: [
    {
      key: 'upgrade',
      label: t.upgrade,
      confirm: (row) => t.confirmUpgrade(row.name),
      ...outcome({ call: byNodeId(upgradeAgent), success: m.success.upgraded, failure: m.failure.upgrade }),
    },
    {
      key: 'rotate',
      label: t.rotateSecret,
      confirm: (row) => t.confirmRotate(row.name),
      ...outcome({
        call: byNodeId(rotateAgentSecret),
        success: m.success.updated,
        failure: m.failure.lineSave,
        after: showSecret,
      }),
    },
  ],
  toolbarActions: [
    {
      key: 'clear-update-times',
      label: t.clearUpdateTimes,
      confirm: () => t.confirmClearUpdateTimes,
      ...outcome({ call: clearUpdateTimes, success: m.success.updated, failure: m.failure.resetUpdateTimes }),
    },
  ],
};
