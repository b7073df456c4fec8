import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AgentListItem } from '@portal/contracts';
import type { Agent, Line } from '../../db/schema.js';
import type { SeedFile } from '../seed/seed-file.js';
import { installScriptSetting, type SettingsService } from '../settings/index.js';
import { serviceDay } from '../../lib/service-day.js';
import type { ReportResult, UsageService } from '../usage/index.js';
import type { NodeApiRepository } from './repository.js';
import {
  bodiesOf,
  encodingFor,
  etagMatches,
  etagOf,
  isFresh,
  ListCache,
  quotedEtag,
  rulesKeyOf,
  versionKeyOf,
  type BuiltList,
  type LineRule,
} from './user-list.js';

/** How often nodes pull and push (UniProxy base_config) and where they find their install script. */
const NODE_SETTINGS = ['updateV2rayDuration', 'trafficStasticDuration'] as const;
/** A node whose last report is older than this shows no latency on the node list. */
export const STATUS_FRESH_MS = 10 * 60_000;

/** The secret a node presents (token) is stored as sha256 hex; a new one is 256 random bits. */
export function hashNodeSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
export function newNodeSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashNodeSecret(secret) };
}

const DUMMY_HASH = hashNodeSecret('no such node');

/** Memory for built user lists (JSON and gzip); one list of 100 k users takes about 28 MB. */
export const LIST_CACHE_BYTES = 160 * 1024 * 1024;

/** GET /user: 304, or the body in the coding chosen (gzip only from the cache). */
export type UserListAnswer =
  { status: 304; etag: string } | { status: 200; etag: string; body: Buffer; encoding: 'gzip' | 'identity' };

/** UniProxy's node types and ours: vmess (v2ray), vless (reality), shadowsocks (ss, compat). */
export type NodeType = 'vmess' | 'vless' | 'shadowsocks';
export function parseNodeType(value: string | undefined): NodeType | undefined {
  if (value === 'v2ray' || value === 'vmess') return 'vmess';
  if (value === 'vless' || value === 'reality') return 'vless';
  if (value === 'shadowsocks' || value === 'ss') return 'shadowsocks';
  return undefined;
}

function nodeTypeOf(line: Line): NodeType {
  if (line.protocol === 'reality') return 'vless';
  if (line.protocol === 'ss') return 'shadowsocks';
  return 'vmess';
}

/** What one line asks the node to run (every protocol field a server needs, the private ones included). */
function inboundOf(agent: Agent, line: Line) {
  const port = line.port ?? agent.port;
  const base = {
    line_id: line.id,
    protocol: line.protocol,
    node_type: nodeTypeOf(line),
    server_port: port,
    scale: line.scale,
  };
  switch (line.protocol) {
    case 'vmesh_tcp':
      return {
        ...base,
        network: 'tcp',
        networkSettings: null,
        tls: line.tls ? 1 : 0,
        alter_id: line.alterId,
        cipher: line.vmessCipher,
      };
    case 'vmesh_ws':
      return {
        ...base,
        network: 'ws',
        networkSettings: { path: line.wsPath, headers: line.sni === '' ? {} : { Host: line.sni } },
        tls: line.bridge === 'none' && line.tls ? 1 : 0,
        alter_id: line.alterId,
        cipher: line.vmessCipher,
      };
    case 'h2':
      return {
        ...base,
        network: 'h2',
        networkSettings: { path: line.h2Path, host: [line.sni || agent.host] },
        tls: 1,
        alter_id: line.alterId,
        cipher: line.vmessCipher,
      };
    case 'ss':
      return { ...base, cipher: line.ssMethod, server_key: line.ssServerKey };
    case 'compat':
      // vmess over tcp and shadowsocks on the same port.
      return {
        ...base,
        network: 'tcp',
        networkSettings: null,
        tls: 0,
        alter_id: line.alterId,
        cipher: line.ssMethod,
        server_key: line.ssServerKey,
      };
    case 'reality':
      return {
        ...base,
        network: 'tcp',
        tls: 2,
        flow: line.flow,
        tls_settings: {
          server_name: line.realityServerName,
          dest: `${line.realityServerName}:443`,
          private_key: line.realityPrivateKey,
          public_key: line.realityPublicKey,
          short_id: line.realityShortId,
        },
      };
  }
}

/**
 * A permission that ran out this long ago still lets a node report the user's traffic: the node
 * served the user until its next pull (pull and push intervals are minutes).
 */
export const PUSH_GRANT_GRACE_MS = 60 * 60_000;

/**
 * The most bytes one user's upload or download may carry in one report: 1 PiB, far beyond what a
 * node moves between two pushes; a user listed twice (id and uid) still sums to a safe integer.
 * The charge after the scales is capped in chargeFor.
 */
export const PUSH_MAX_BYTES = 2 ** 50;

/**
 * Parses UniProxy's push body `{ "<uid>": [upload, download] }`; undefined when it does not fit.
 * A uid is the user's integer `id` of the user list (node_uid) or our 24-hex id.
 */
export function parsePushBody(body: unknown): Array<{ userId: string; upload: number; download: number }> | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const out: Array<{ userId: string; upload: number; download: number }> = [];
  for (const [userId, value] of Object.entries(body as Record<string, unknown>)) {
    if (!/^[0-9a-f]{24}$/.test(userId) && !/^[1-9][0-9]{0,9}$/.test(userId)) return undefined;
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [upload, download] = value as unknown[];
    if (!Number.isSafeInteger(upload) || !Number.isSafeInteger(download)) return undefined;
    if ((upload as number) < 0 || (download as number) < 0) return undefined;
    if ((upload as number) > PUSH_MAX_BYTES || (download as number) > PUSH_MAX_BYTES) return undefined;
    out.push({ userId, upload: upload as number, download: download as number });
  }
  return out;
}

const HEX_ID = /^[0-9a-f]{24}$/;
const NODE_UID_MAX = 2_147_483_647;

export function createNodeApiService({
  repo,
  usage,
  settings,
  timeZone,
  networkChanged = () => {},
  now = () => new Date(),
  listCacheBytes = LIST_CACHE_BYTES,
}: {
  repo: NodeApiRepository;
  usage: UsageService;
  settings: Pick<SettingsService, 'get' | 'getMany'>;
  timeZone: string;
  /** Drops the subscriptions' snapshot of the network after this service added agents or lines. */
  networkChanged?: () => void;
  now?: () => Date;
  listCacheBytes?: number;
}) {
  /**
   * Ours: an upgrade an operator asked for (admin agents/upgrade_agentserver), with the install
   * script of the node's server type, until the node reports another version.
   */
  async function upgradeOf(
    agent: Pick<Agent, 'upgradeRequestedAt' | 'serverType'>,
  ): Promise<{ upgrade?: { requested_at: string; install_script: string } }> {
    if (agent.upgradeRequestedAt === null) return {};
    const script = agent.serverType === null ? '' : await settings.get(installScriptSetting[agent.serverType]);
    return { upgrade: { requested_at: agent.upgradeRequestedAt.toISOString(), install_script: script } };
  }

  const lists = new ListCache(listCacheBytes);
  const building = new Map<string, Promise<BuiltList>>();

  /** The cached list for these rules when still fresh, else one build (shared by concurrent pulls). */
  async function freshList(
    rulesKey: string,
    rules: LineRule[],
    versionKey: string,
    day: string,
    at: Date,
  ): Promise<BuiltList> {
    const cached = lists.get(rulesKey);
    if (cached !== undefined && isFresh(cached, versionKey, day, at.getTime())) return cached;
    const flightKey = `${rulesKey}|${versionKey}|${day}`;
    let flight = building.get(flightKey);
    if (flight === undefined) {
      flight = (async () => {
        const list = await bodiesOf(await repo.buildList(rules, day, at), rulesKey, day);
        lists.set(list);
        return list;
      })().finally(() => building.delete(flightKey));
      building.set(flightKey, flight);
    }
    return flight;
  }

  return {
    /** The agent id when `token` is its secret (constant-time comparison of the hashes); null otherwise. */
    async authenticate(nodeId: string | undefined, token: string | undefined): Promise<string | null> {
      if (
        nodeId === undefined ||
        token === undefined ||
        nodeId === '' ||
        token === '' ||
        token.length > 512 ||
        nodeId.length > 64
      ) {
        return null;
      }
      const agent = await repo.agentWithSecret(nodeId);
      const expected = Buffer.from(agent?.secretHash ?? DUMMY_HASH, 'hex');
      const given = Buffer.from(hashNodeSecret(token), 'hex');
      const same = expected.length === given.length && timingSafeEqual(expected, given);
      if (!same || agent === undefined || agent.secretHash === null || !agent.status) return null;
      return agent.id;
    },

    /** UniProxy config: the first line of `nodeType` at top level, and every line of the node in `lines`. */
    async config(agentId: string, nodeType: NodeType | undefined) {
      const agent = await repo.agent(agentId);
      if (agent === undefined) return undefined;
      const inbounds = (await repo.linesOf(agentId)).map((line) => inboundOf(agent, line));
      const main = inbounds.find((i) => nodeType === undefined || i.node_type === nodeType) ?? inbounds[0];
      const intervals = await settings.getMany(NODE_SETTINGS);
      return {
        ...(main ?? {}),
        node_id: agent.id,
        host: agent.host || agent.ip,
        base_config: { push_interval: intervals.trafficStasticDuration, pull_interval: intervals.updateV2rayDuration },
        lines: inbounds,
        ...(await upgradeOf(agent)),
      };
    },

    /**
     * UniProxy user list (docs/node-api.md): the node's list versions are read first; an unchanged
     * list the node already has is a 304 without reading a user. undefined: no such agent.
     */
    async userList(
      agentId: string,
      request: { ifNoneMatch?: string | undefined; acceptEncoding?: string | undefined },
    ): Promise<UserListAnswer | undefined> {
      const at = now();
      const day = serviceDay(at, timeZone);
      const state = await repo.listState(agentId);
      if (state === undefined) return undefined;
      const { key, rules } = rulesKeyOf(state.rules);
      const list = await freshList(key, rules, versionKeyOf(state.versions), day, at);
      const { upgrade } = await upgradeOf(state);
      const upgradeJson = upgrade === undefined ? undefined : JSON.stringify(upgrade);
      const tag = etagOf(list.hash, upgradeJson);
      // The gzip copy is of the list alone; a body with an upgrade request in front goes plain.
      const encoding = upgradeJson === undefined ? encodingFor(request.acceptEncoding) : 'identity';
      const etag = quotedEtag(tag, encoding);
      if (etagMatches(request.ifNoneMatch, tag)) return { status: 304, etag };
      if (upgradeJson !== undefined) {
        const body = Buffer.concat([Buffer.from(`{"upgrade":${upgradeJson},`), list.identity.subarray(1)]);
        return { status: 200, etag, body, encoding };
      }
      return { status: 200, etag, body: encoding === 'gzip' ? list.gzip : list.identity, encoding };
    },

    /** Traffic push; `lineId` chooses the line whose scale applies (default: the node's lowest). */
    async push(
      agentId: string,
      reportId: string,
      usages: Array<{ userId: string; upload: number; download: number }>,
      lineId: string | undefined,
    ): Promise<ReportResult | 'unknown-line'> {
      const lines = await repo.linesOf(agentId);
      let scale = lines.length === 0 ? 1 : Math.min(...lines.map((l) => l.scale));
      if (lineId !== undefined) {
        const line = lines.find((l) => l.id === lineId);
        if (line === undefined) return 'unknown-line';
        scale = line.scale;
      }
      // node_uid is an integer column: a larger number is no user's (and would make the lookup fail).
      const numeric = usages
        .filter((u) => !HEX_ID.test(u.userId))
        .map((u) => Number(u.userId))
        .filter((uid) => uid <= NODE_UID_MAX);
      const byUid = numeric.length === 0 ? new Map<number, string>() : await repo.userIdsByNodeUid(numeric);
      const resolved = usages.flatMap((u) => {
        if (HEX_ID.test(u.userId)) return [u];
        const userId = byUid.get(Number(u.userId));
        return userId === undefined ? [] : [{ ...u, userId }];
      });
      // Only users this node's list can hold are charged: a node (or whoever holds its secret)
      // cannot spend the traffic of users it does not serve.
      const rules = lines.filter((l) => l.public).map((l) => ({ dfa: l.disableForAgency, perm: l.permissionRequire }));
      const admitted = await repo.admittedUserIds(
        rules,
        [...new Set(resolved.map((u) => u.userId))],
        new Date(now().getTime() - PUSH_GRANT_GRACE_MS),
      );
      const served = resolved.filter((u) => admitted.has(u.userId));
      const result = await usage.recordReport({ agentId, reportId, lineScale: scale, usages: served });
      await repo.touch(agentId);
      return result;
    },

    async status(
      agentId: string,
      status: { version?: string; load?: number; latencyMs?: number; onlineUsers?: number },
    ) {
      await repo.saveStatus(agentId, status);
    },

    /** SEED_FILE agents: created with the given secret (hashed) unless the id exists. */
    async ensureSeedAgent(seed: NonNullable<SeedFile['agents']>[number]): Promise<boolean> {
      const { secret, lines: seedLines, ...fields } = seed;
      const inserted = await repo.insertAgentIfAbsent(
        { ...fields, desc: fields.desc ?? '', secretHash: hashNodeSecret(secret) },
        (seedLines ?? []).map((line, index) => ({ ...line, index, agentID: seed.id })),
      );
      if (inserted) networkChanged();
      return inserted;
    },

    /** The user-side node list: enabled agents with the latency they last reported (null when stale). */
    async agentList(): Promise<AgentListItem[]> {
      const fresh = now().getTime() - STATUS_FRESH_MS;
      return (await repo.listedAgents()).map((a) => ({
        _id: a.id,
        name: a.name,
        desc: a.desc,
        country: { name: a.country.name, flag: a.country.flag },
        speed:
          a.latencyMs !== null && a.lastReportAt !== null && a.lastReportAt.getTime() >= fresh ? a.latencyMs : null,
        bandwidth: a.speed,
        type: a.type,
        orderID: a.orderID,
      }));
    },
  };
}

export type NodeApiService = ReturnType<typeof createNodeApiService>;
