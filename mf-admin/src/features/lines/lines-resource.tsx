import { HStack } from '@chakra-ui/react';
import {
  bridgeTypes,
  lineProtocols,
  messages,
  type AdminAgent,
  type AdminEntry,
  type AdminLine,
  type AdminPermission,
  type LineUpdate,
} from '@portal/contracts';
import { adminMessages as m } from '@portal/contracts/admin-messages';
import { LineUpdate as LineUpdateSchema } from '@portal/contracts/schemas';
import { bytesToGB, copyText, notify } from '@portal/platform';
import { CountryFlag } from '@portal/ui/country-flag';
import { column, flagColumn, keyColumn, keyNumberColumn, longTextColumn, numberColumn } from '../../engine/columns';
import { choices, fieldList, optional } from '../../engine/fields';
import { engineLabels } from '../../engine/labels';
import { outcome } from '../../engine/outcome';
import type { FieldDef, Option, ResourceDefinition } from '../../engine/types';
import { agentList } from '../agents/api/agent-list';
import { entryList } from '../entries/api/entry-list';
import { permissionList } from '../permissions/api/permission-list';
import { deleteLine } from './api/delete-line';
import { lineList } from './api/line-list';
import { resetHot } from './api/reset-hot';
import { updateLine } from './api/update-line';
import { lineLabels as t } from './labels';
import { bridgeForAgent, fixNameRefusal, lineFromForm, lineToForm, newLine, usesEntry } from './lib/line-rules';

/** What the line screen loads besides the lines. */
export interface LineLookups {
  agents: AdminAgent[];
  entries: AdminEntry[];
  permissions: AdminPermission[];
}

const none: Option = { value: '', label: engineLabels.none };
const agentOptions = ({ agents }: LineLookups): Option[] =>
  agents.map((agent) => ({ value: agent._id, label: agent.name }));
const byId = <T extends { _id: string }>(list: readonly T[], id: string) => list.find((item) => item._id === id);

/** A protocol-specific field: shown only for these protocols, left out when empty. */
const forProtocols = (
  protocols: readonly string[],
  settings: Omit<FieldDef<LineUpdate, LineLookups>, 'name' | 'label'> = {},
): Omit<FieldDef<LineUpdate, LineLookups>, 'name' | 'label'> => ({
  ...optional,
  ...settings,
  visible: (values) => protocols.includes(values.protocol ?? ''),
});
const VMESS = ['vmesh_tcp', 'vmesh_ws', 'compat'];
const TLS = ['vmesh_tcp', 'vmesh_ws', 'compat', 'h2'];

/** /admin_agentLines (spec-2 §2 item 9): the lines users' subscriptions list, on nodes and entries. */
export const linesResource: ResourceDefinition<AdminLine, LineUpdate, LineLookups> = {
  title: t.title,
  noun: t.noun,
  testId: 'lines',
  editPermission: 'network.edit',
  auditType: 'line',
  list: lineList,
  lookups: { agents: agentList, entries: entryList, permissions: permissionList },
  defaultSort: { id: 'index', desc: false },
  filters: [
    {
      key: 'agent',
      label: t.agent,
      kind: 'select',
      allLabel: t.allAgents,
      options: agentOptions,
      match: (row, value) => row.agentID === value,
    },
  ],
  columns: [
    keyNumberColumn(t, 'index'),
    keyColumn(t, 'name'),
    column('agent', t.agent, (row, { agents }) => byId(agents, row.agentID)?.name ?? row.agentID, {
      cell: (row, { agents }) => {
        const agent = byId(agents, row.agentID);
        if (!agent) return row.agentID;
        return (
          <HStack as="span" gap="1.5">
            <CountryFlag code={agent.country.code} flag={agent.country.flag} name={agent.country.name} height={15} />
            <span>{agent.name}</span>
          </HStack>
        );
      },
    }),
    keyColumn(t, 'protocol'),
    column('bridge', t.bridge, (row) => t.bridgeLabels[row.bridge] ?? row.bridge),
    column('entry', t.entry, (row, { entries }) =>
      row.entryID ? (byId(entries, row.entryID)?.name ?? row.entryID) : engineLabels.none,
    ),
    keyNumberColumn(t, 'scale'),
    keyNumberColumn(t, 'num'),
    flagColumn('public', t.public, (row) => row.public, t.yesNo),
    flagColumn('fixName', t.fixName, (row) => row.fixName, t.yesNo),
    flagColumn('disableForAgency', t.disableForAgency, (row) => row.disableForAgency, t.yesNo),
    column('permissionRequire', t.permissionRequire, (row, { permissions }) =>
      row.permissionRequire
        ? (byId(permissions, row.permissionRequire)?.name ?? row.permissionRequire)
        : engineLabels.none,
    ),
    numberColumn('hot', t.hot, (row) => Number(bytesToGB(row.hot))),
    longTextColumn('msg', t.msg, (row) => row.msg, t.viewMsg),
  ],
  form: {
    schema: LineUpdateSchema,
    fields: fieldList<LineUpdate, LineLookups>(t, [
      'index',
      'name',
      ['nameEn', optional],
      ['agentID', { label: t.agent, kind: 'select', options: agentOptions }],
      ['protocol', { options: choices(lineProtocols) }],
      ['bridge', { options: bridgeTypes.map((b) => ({ value: b, label: t.bridgeLabels[b] ?? b })) }],
      [
        'entryID',
        {
          label: t.entry,
          kind: 'select',
          options: ({ entries }) => [none, ...entries.map((e) => ({ value: e._id, label: `${e.name}（${e.ip}）` }))],
          visible: (values) => usesEntry(values.bridge),
        },
      ],
      [
        'permissionRequire',
        {
          kind: 'select',
          options: ({ permissions }) => [none, ...permissions.map((p) => ({ value: p._id, label: p.name }))],
        },
      ],
      'scale',
      'num',
      ['port', { empty: 'null', help: t.portHelp }],
      'public',
      'fixName',
      'disableForAgency',
      ['tls', forProtocols(TLS)],
      ['sni', forProtocols(TLS)],
      ['wsPath', forProtocols(['vmesh_ws'])],
      ['h2Path', forProtocols(['h2'])],
      ['alterId', forProtocols(VMESS)],
      ['vmessCipher', forProtocols(VMESS)],
      ['ssMethod', forProtocols(['ss'])],
      ['ssServerKey', forProtocols(['ss'], { kind: 'secret' })],
      ['realityServerName', forProtocols(['reality'])],
      ['realityPublicKey', forProtocols(['reality'])],
      ['realityPrivateKey', forProtocols(['reality'], { kind: 'secret' })],
      ['realityShortId', forProtocols(['reality'])],
      ['flow', forProtocols(['reality'])],
      ['msg', { kind: 'textarea' }],
    ]),
    defaults: ({ agents }) => newLine(agents),
    toForm: lineToForm,
    fromForm: lineFromForm,
    effects: { agentID: (values, { agents }) => bridgeForAgent(byId(agents, values.agentID)) },
    refine: (values) => {
      const refusal = fixNameRefusal(values);
      return refusal ? { num: refusal } : {};
    },
    save: outcome({ call: updateLine, success: m.success.lineUpdated, failure: m.failure.lineSave }),
  },
  copy: true,
  remove: outcome({ call: deleteLine, success: m.success.deleted, failure: m.failure.delete }),
  bulkDelete: true,
  rowActions: [
    {
      key: 'copy-log',
      label: t.copyLog,
      hidden: (row) => !row.msg,
      run: async (row) => {
        const copied = await copyText(row.msg);
        notify(
          copied
            ? { kind: 'success', title: messages.subscription.copied }
            : { kind: 'error', title: messages.subscription.copyFailed },
        );
      },
    },
  ],
  toolbarActions: [
    {
      key: 'reset-hot',
      label: t.resetHot,
      confirm: () => t.confirmResetHot,
      ...outcome({ call: resetHot, success: m.success.hotReset, failure: m.failure.resetHot }),
    },
  ],
};
