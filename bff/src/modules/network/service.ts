import {
  Codes,
  type AdminAgent,
  type AdminEntry,
  type AdminLine,
  type AdminPermission,
  type AgentType,
  type BridgeType,
  type LineProtocol,
  type ServerType,
} from '@portal/contracts';
import { adminMessages } from '@portal/contracts/admin-messages';
import type { AgentUpdate, EntryUpdate, LineUpdate, PermissionUpdate } from '@portal/contracts/schemas';
import type { Agent, Entry, Line, NewLine, Permission } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { DomainError } from '../../lib/domain-error.js';
import { newObjectId } from '../../lib/random.js';
import { keptSecret, maskSecret } from '../../lib/secrets.js';
import type { AuditedRecords } from '../audit/index.js';
import { newNodeSecret, STATUS_FRESH_MS } from '../node-api/index.js';
import type { NetworkRepository } from './repository.js';
import { networkTexts as texts } from './texts.js';

/** What an agent save answers besides its id: the node-API secret, when one was just issued. */
export interface AgentSavedId {
  id: string;
  secret?: string;
}

const refuse = (message: string): never => {
  throw new DomainError(Codes.INVALID_PAYLOAD, message);
};

/** Fields given in an update, without the optional ones it left out (those keep their stored value). */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function toAdminAgent(agent: Agent, now: Date): AdminAgent {
  return {
    _id: agent.id,
    index: agent.index,
    name: agent.name,
    nameEn: agent.nameEn,
    country: agent.country,
    type: agent.type,
    serverType: agent.serverType,
    ip: agent.ip,
    host: agent.host,
    ctrl_port: agent.ctrlPort,
    zz_port: agent.zzPort,
    port: agent.port,
    public_port: agent.publicPort,
    desc: agent.desc,
    warp: agent.warp,
    open_log: agent.openLog,
    ssh_port: agent.sshPort,
    ssh_username: agent.sshUsername,
    ssh_password: maskSecret(agent.sshPassword),
    enabled: agent.status,
    status: agent.lastReportAt !== null && now.getTime() - agent.lastReportAt.getTime() <= STATUS_FRESH_MS,
    lastReportAt: agent.lastReportAt?.toISOString() ?? null,
    agent_version: agent.agentVersion,
    updateConfigTimes: agent.updateConfigTimes,
    upgradePending: agent.upgradeRequestedAt !== null,
    hasSecret: agent.secretHash !== null,
    speed: agent.speed,
    orderID: agent.orderID,
  };
}

export function toAdminEntry(entry: Entry): AdminEntry {
  const { id, index, name, ip, host, ipList, desc, visible } = entry;
  return { _id: id, index, name, ip, host, ipList, desc, visible };
}

export function toAdminLine(line: Line): AdminLine {
  return {
    _id: line.id,
    index: line.index,
    name: line.name,
    nameEn: line.nameEn,
    agentID: line.agentID,
    protocol: line.protocol,
    bridge: line.bridge,
    entryID: line.entryID ?? '',
    scale: line.scale,
    num: line.num,
    public: line.public,
    fixName: line.fixName,
    disableForAgency: line.disableForAgency,
    permissionRequire: line.permissionRequire ?? '',
    hot: line.hot,
    msg: line.msg,
    port: line.port,
    tls: line.tls,
    sni: line.sni,
    wsPath: line.wsPath,
    h2Path: line.h2Path,
    ssMethod: line.ssMethod,
    ssServerKey: maskSecret(line.ssServerKey),
    alterId: line.alterId,
    vmessCipher: line.vmessCipher,
    realityServerName: line.realityServerName,
    realityPublicKey: line.realityPublicKey,
    realityPrivateKey: maskSecret(line.realityPrivateKey),
    realityShortId: line.realityShortId,
    flow: line.flow,
  };
}

export function toAdminPermission(permission: Permission): AdminPermission {
  const { id, name, desc, useTimes } = permission;
  return { _id: id, name, desc, useTimes };
}

const idOf = (input: { _id?: string | undefined }) =>
  input._id === undefined || input._id === '' ? undefined : input._id;

/**
 * The rules of the network screens (spec-2 §3-§5): nodes with their node-API secrets, entries,
 * lines (fixName, bridge/entry, references) and permissions. Each kind is an `AuditedRecords`
 * the audit and the resource engine drive; every write goes through the network repository,
 * which drops the subscriptions' snapshot.
 */
export function createNetworkAdminService({
  repo,
  productsGranting,
  now = () => new Date(),
}: {
  repo: NetworkRepository;
  /** How many products on sale grant the permission of this name (modules/shop). */
  productsGranting: (permissionName: string) => Promise<number>;
  now?: () => Date;
}) {
  const committed = () => repo.networkChanged();
  const { records } = repo;

  async function exists<T>(
    id: string,
    table: { get(id: string): Promise<T | undefined> },
    missing: string,
  ): Promise<T> {
    const found = await table.get(id);
    if (found === undefined) throw new DomainError(Codes.NOT_FOUND, missing);
    return found;
  }

  /** The stored record an update names (404 when there is none); undefined for a create. */
  async function storedFor<T>(
    input: { _id?: string | undefined },
    table: { get(id: string): Promise<T | undefined> },
    missing: string,
  ): Promise<T | undefined> {
    const id = idOf(input);
    return id === undefined ? undefined : exists(id, table, missing);
  }

  /** Changes the stored record, or creates one under a new id; its id. */
  async function write<F extends object>(
    table: { insert(row: F & { id: string }): Promise<void>; update(id: string, fields: F): Promise<void> },
    stored: { id: string } | undefined,
    fields: F,
  ): Promise<string> {
    if (stored !== undefined) {
      await table.update(stored.id, fields);
      return stored.id;
    }
    const id = newObjectId();
    await table.insert({ ...fields, id });
    return id;
  }

  const agents: AuditedRecords<AgentUpdate, AgentSavedId> = {
    recordType: 'agent',
    missing: texts.agentMissing,
    snapshot: records.agents.get,
    committed,
    async save(input) {
      const stored = await storedFor(input, records.agents, texts.agentMissing);
      const fields = {
        index: input.index,
        name: input.name,
        country: input.country,
        // The schema admits only these literals; its static type widens them to string.
        type: input.type as AgentType,
        serverType: input.serverType as ServerType,
        ip: input.ip,
        host: input.host,
        ctrlPort: input.ctrl_port,
        zzPort: input.zz_port,
        port: input.port,
        publicPort: input.public_port,
        desc: input.desc,
        warp: input.warp,
        openLog: input.open_log,
        sshPort: input.ssh_port,
        sshUsername: input.ssh_username,
        sshPassword: keptSecret(input.ssh_password, stored?.sshPassword ?? ''),
        status: input.enabled,
        ...given({ nameEn: input.nameEn, speed: input.speed, orderID: input.orderID }),
      };
      if (stored !== undefined) return { id: await write(records.agents, stored, fields) };
      // A new node gets its node-API secret now: shown once, only its hash kept.
      const { secret, hash } = newNodeSecret();
      return { id: await write(records.agents, undefined, { ...fields, secretHash: hash }), secret };
    },
    remove: records.agents.remove,
  };

  const entries: AuditedRecords<EntryUpdate, { id: string }> = {
    recordType: 'entry',
    missing: texts.entryMissing,
    snapshot: records.entries.get,
    committed,
    async save(input) {
      const { _id, ...fields } = input;
      const stored = await storedFor(input, records.entries, texts.entryMissing);
      return { id: await write(records.entries, stored, { ...given(fields), name: fields.name, ip: fields.ip }) };
    },
    async remove(id) {
      const using = await repo.linesUsing({ entryId: id });
      if (using > 0) refuse(texts.entryInUse(using));
      await records.entries.remove(id);
    },
  };

  /** spec-2 §4-§5: the line rules the form applies, checked again here. */
  async function lineFields(input: LineUpdate, stored: Line | undefined): Promise<Omit<NewLine, 'id'>> {
    if (input.fixName && input.num > 1) refuse(adminMessages.lineFixNameRefusal);
    if ((await records.agents.get(input.agentID)) === undefined) refuse(texts.lineAgentUnknown);
    let entryID: string | null = null;
    if (input.bridge === 'report') {
      if (input.entryID === '' || (await records.entries.get(input.entryID)) === undefined)
        refuse(texts.lineEntryRequired);
      entryID = input.entryID;
    }
    let permissionRequire: string | null = null;
    if (input.permissionRequire !== '') {
      if ((await records.permissions.get(input.permissionRequire)) === undefined) refuse(texts.linePermissionUnknown);
      permissionRequire = input.permissionRequire;
    }
    return {
      index: input.index,
      name: input.name,
      agentID: input.agentID,
      protocol: input.protocol as LineProtocol,
      bridge: input.bridge as BridgeType,
      entryID,
      scale: input.scale,
      num: input.num,
      public: input.public,
      fixName: input.fixName,
      disableForAgency: input.disableForAgency,
      permissionRequire,
      msg: input.msg,
      ssServerKey: keptSecret(input.ssServerKey, stored?.ssServerKey ?? ''),
      realityPrivateKey: keptSecret(input.realityPrivateKey, stored?.realityPrivateKey ?? ''),
      ...given({
        nameEn: input.nameEn,
        port: input.port,
        tls: input.tls,
        sni: input.sni,
        wsPath: input.wsPath,
        h2Path: input.h2Path,
        ssMethod: input.ssMethod,
        alterId: input.alterId,
        vmessCipher: input.vmessCipher,
        realityServerName: input.realityServerName,
        realityPublicKey: input.realityPublicKey,
        realityShortId: input.realityShortId,
        flow: input.flow,
      }),
    };
  }

  const lines: AuditedRecords<LineUpdate, { id: string }> = {
    recordType: 'line',
    missing: texts.lineMissing,
    snapshot: records.lines.get,
    committed,
    async save(input) {
      const stored = await storedFor(input, records.lines, texts.lineMissing);
      return { id: await write(records.lines, stored, await lineFields(input, stored)) };
    },
    remove: records.lines.remove,
  };

  const permissions: AuditedRecords<PermissionUpdate, { id: string }> = {
    recordType: 'permission',
    missing: texts.permissionMissing,
    snapshot: records.permissions.get,
    committed,
    async save(input) {
      const stored = await storedFor(input, records.permissions, texts.permissionMissing);
      const holder = await repo.permissionIdByName(input.name);
      if (holder !== undefined && holder !== stored?.id) refuse(texts.permissionNameTaken(input.name));
      // Products name the permissions they grant, and orders copy those names when they are made.
      if (stored !== undefined && stored.name !== input.name) {
        const granting = await productsGranting(stored.name);
        if (granting > 0) refuse(texts.permissionRenameInUse(granting));
      }
      try {
        return { id: await write(records.permissions, stored, { name: input.name, desc: input.desc }) };
      } catch (err) {
        // Another admin took the name between the check and the write.
        if (isUniqueViolation(err)) refuse(texts.permissionNameTaken(input.name));
        throw err;
      }
    },
    async remove(id) {
      // A line whose permission disappeared would be open to everyone.
      const stored = await exists(id, records.permissions, texts.permissionMissing);
      const usingLines = await repo.linesUsing({ permissionId: id });
      const granting = await productsGranting(stored.name);
      if (usingLines > 0 || granting > 0) refuse(texts.permissionInUse(usingLines, granting));
      await records.permissions.remove(id);
    },
  };

  return {
    agents,
    entries,
    lines,
    permissions,

    listAgents: async () => (await repo.agents()).map((agent) => toAdminAgent(agent, now())),
    listEntries: async () => (await repo.entries()).map(toAdminEntry),
    listLines: async () => (await repo.lines()).map(toAdminLine),
    listPermissions: async () => (await repo.permissions()).map(toAdminPermission),

    agent: async (id: string) => toAdminAgent(await exists(id, records.agents, texts.agentMissing), now()),
    entry: async (id: string) => toAdminEntry(await exists(id, records.entries, texts.entryMissing)),
    line: async (id: string) => toAdminLine(await exists(id, records.lines, texts.lineMissing)),
    permission: async (id: string) => toAdminPermission(await exists(id, records.permissions, texts.permissionMissing)),

    /** A new node-API secret for the agent; the old one stops working at once. Shown once. */
    async rotateSecret(id: string): Promise<string> {
      const { secret, hash } = newNodeSecret();
      await records.agents.update(id, { secretHash: hash });
      return secret;
    },

    /** Asks the node to upgrade itself; the node API hands the request out (docs/node-api.md). */
    async requestUpgrade(id: string): Promise<void> {
      await records.agents.update(id, { upgradeRequestedAt: now() });
    },

    resetUpdateTimes: () => repo.resetUpdateTimes(),
    resetHot: () => repo.resetHot(),
    committed,
  };
}

export type NetworkAdminService = ReturnType<typeof createNetworkAdminService>;
