import type { AdminAgent, AdminLine, LineUpdate } from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';

/** The nodes a line may run on, as the rules need them. */
export type LineAgent = Pick<AdminAgent, '_id' | 'type'>;

/**
 * spec-2 §4: choosing an h2 node makes the line h2 without a bridge; any other node makes it a
 * bridged (report) line.
 */
export function bridgeForAgent(agent: LineAgent | undefined): Partial<LineUpdate> {
  if (!agent) return {};
  return agent.type === 'h2' ? { protocol: 'h2', bridge: 'none' } : { bridge: 'report' };
}

/** The entry dropdown is shown only for bridged (report) lines. */
export const usesEntry = (bridge: string | undefined) => bridge === 'report';

/** spec-2 §5: a fixed name must not be listed more than once (the BFF refuses it too). */
export function fixNameRefusal(values: Pick<LineUpdate, 'fixName' | 'num'>): string | undefined {
  return values.fixName && values.num > 1 ? adminMessages.lineFixNameRefusal : undefined;
}

/** The payload: a line that is not bridged has no entry, whatever the hidden dropdown held. */
export function lineFromForm(values: LineUpdate): LineUpdate {
  return usesEntry(values.bridge) ? values : { ...values, entryID: '' };
}

/** A new line (spec-2 §9: num 1, scale 1, public), on the first node with that node's bridge rule. */
export function newLine(agents: readonly LineAgent[]): LineUpdate {
  const agent = agents[0];
  return {
    _id: '',
    index: 0,
    name: '',
    nameEn: '',
    agentID: agent?._id ?? '',
    protocol: 'vmesh_ws',
    bridge: 'report',
    entryID: '',
    scale: 1,
    num: 1,
    public: true,
    fixName: false,
    disableForAgency: false,
    permissionRequire: '',
    msg: '',
    port: null,
    ...bridgeForAgent(agent),
  };
}

/** The form's values of a line: what an update takes (secrets stay masked). */
export function lineToForm(line: AdminLine): LineUpdate {
  const { hot: _hot, ...fields } = line;
  return fields;
}
