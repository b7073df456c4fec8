import { Type, type Static, type StringOptions, type TSchema } from '@sinclair/typebox';
import { agentTypes, bridgeTypes, lineProtocols, serverTypes } from '../constants.js';

/**
 * The back office, part 1 (spec-2 §3, §7 "Admin and operations"): settings, permissions, agents
 * (nodes), entries, lines, products and the error log, plus our audit log. Every update schema is
 * the allowlist of what the screen offers: the BFF drops any other field (Value.Clean), and the
 * admin remote validates its forms with the same schemas (react-hook-form's TypeBox resolver).
 *
 * An update without `_id` creates a record; with one it changes that record (copy = the record
 * without its `_id`). Deletes take `{ id }`.
 */
/**
 * A record id: 24 hex characters for records made here; records from SEED_FILE and the demo
 * network carry readable ids (e2e-node-green, demo-agent-jp) and must stay editable too.
 */
const ObjectId = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });
/** `_id` of an update: absent or '' creates. */
const OptionalId = Type.Optional(Type.Union([ObjectId, Type.Literal('')]));
const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));
const Port = Type.Integer({ minimum: 1, maximum: 65_535 });
const Index = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 });
const ShortText = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
/** A host name, IPv4 or IPv6 address (no scheme, no path); empty where optional. */
const HostOrIp = Type.String({ maxLength: 253, pattern: '^[0-9A-Za-z.:\\-\\[\\]]*$' });

/**
 * An http(s) address, or '' where a setting is left empty (no spaces). The settings' definitions use
 * it and the configuration screen recognises it by its pattern: a single-line address input, with
 * a message that says what an address looks like.
 */
export const HTTP_URL_PATTERN = '^(https?://[^\\s]+)?$';
export const HttpUrl = (maxLength = 512, options: StringOptions = {}) =>
  Type.String({ ...options, maxLength, pattern: HTTP_URL_PATTERN });

/**
 * Write-only secrets (SSH passwords, reality private keys, epay keys) travel back to the screen
 * as this mask when set, or '' when not; sending the mask (or '') back keeps the stored value.
 */
export const SECRET_MASK = '••••••';

export const IdRequest = Type.Object({ id: ObjectId }, { additionalProperties: false });
export type IdRequest = Static<typeof IdRequest>;

// ------------------------------------------------------------------------------------------
// Settings (/api/admin/config/get, /set_config)
// ------------------------------------------------------------------------------------------

/** One operator setting as the configuration screen renders it. */
export interface SettingField {
  key: string;
  /** Chinese label next to the field. */
  label: string;
  /** Section of the long form (支付, 签到, 公告…). */
  group: string;
  /** JSON Schema of the value (TypeBox, the BFF's own definition): the form is generated from it. */
  schema: TSchema;
  /** Write-only: the value comes back masked (SECRET_MASK) and is replaced only when typed. */
  secret?: boolean;
  /** Secret parts inside an object value (e.g. epay platforms' `key`), masked the same way. */
  secretProperties?: string[];
}

export interface AdminConfig {
  fields: SettingField[];
  /** Current values by key (secrets masked). */
  values: Record<string, unknown>;
  /** set_config only: what the operator must know about the save (a key cleared because its gateway changed). */
  notices?: string[];
}

/** The whole config object the screen saves; each value is checked against its definition. */
export const SetConfigRequest = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 200 });
export type SetConfigRequest = Static<typeof SetConfigRequest>;

// ------------------------------------------------------------------------------------------
// Permissions (/api/admin/permissions/*)
// ------------------------------------------------------------------------------------------

export interface AdminPermission {
  _id: string;
  name: string;
  desc: string;
  /** Purchases that granted it. */
  useTimes: number;
}

export const PermissionUpdate = Type.Object(
  {
    _id: OptionalId,
    name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_\\-]+$' }),
    desc: ShortText(500),
  },
  { additionalProperties: false },
);
export type PermissionUpdate = Static<typeof PermissionUpdate>;

// ------------------------------------------------------------------------------------------
// Agents = nodes (/api/admin/agents/*)
// ------------------------------------------------------------------------------------------

export const Country = Type.Object(
  {
    name: ShortText(40, 1),
    flag: ShortText(16),
    /** ISO 3166 alpha-2. */
    code: Type.Optional(Type.String({ maxLength: 2, pattern: '^([A-Z]{2})?$' })),
  },
  { additionalProperties: false },
);
export type Country = Static<typeof Country>;

export interface AdminAgent {
  _id: string;
  index: number;
  name: string;
  nameEn: string;
  country: Country;
  type: (typeof agentTypes)[number];
  serverType: (typeof serverTypes)[number] | null;
  ip: string;
  host: string;
  ctrl_port: number;
  zz_port: number;
  port: number;
  public_port: number;
  desc: string;
  warp: boolean;
  open_log: boolean;
  ssh_port: number;
  ssh_username: string;
  /** SECRET_MASK when one is stored, else ''. */
  ssh_password: string;
  /** The operator's switch: a disabled node's lines are never handed out. */
  enabled: boolean;
  /** Health from the node's last report: true (normal) when it reported in the last 10 minutes. */
  status: boolean;
  lastReportAt: string | null;
  agent_version: string;
  updateConfigTimes: number;
  /** An upgrade was requested and the node has not picked it up yet. */
  upgradePending: boolean;
  /** The node has a secret for the node API (shown once when issued). */
  hasSecret: boolean;
  speed: string;
  orderID: number;
}

export const AgentUpdate = Type.Object(
  {
    _id: OptionalId,
    index: Index,
    name: ShortText(60, 1),
    nameEn: Type.Optional(ShortText(60)),
    country: Country,
    type: literals(agentTypes),
    serverType: literals(serverTypes),
    ip: HostOrIp,
    host: HostOrIp,
    ctrl_port: Port,
    zz_port: Port,
    port: Port,
    public_port: Port,
    desc: ShortText(500),
    warp: Type.Boolean(),
    open_log: Type.Boolean(),
    ssh_port: Port,
    ssh_username: ShortText(64),
    /** Write-only (see SECRET_MASK). */
    ssh_password: Type.Optional(ShortText(128)),
    enabled: Type.Boolean(),
    speed: Type.Optional(ShortText(40)),
    orderID: Type.Optional(Index),
  },
  { additionalProperties: false },
);
export type AgentUpdate = Static<typeof AgentUpdate>;

/**
 * agents/upgrade_agentserver: the agent (the screen sends the row); only `_id` is read, other
 * fields are dropped.
 */
export const AgentRef = Type.Object({ _id: ObjectId });
export type AgentRef = Static<typeof AgentRef>;

/** The answer of agents/update and agents/rotate_secret: the node API secret only when just issued. */
export interface AgentSaved {
  agent: AdminAgent;
  /** Shown once; only its hash is stored. */
  secret?: string;
}

/**
 * Type presets (spec-2 §4) applied by the form when the type changes. v2ray keeps its ports and
 * sets only these.
 */
export const agentTypePresets = {
  v2ray: { serverType: 'ubuntu_x86', ctrl_port: 888 },
  h2: { serverType: 'ubuntu_x86', ctrl_port: 999, zz_port: 443 },
  reality: { serverType: 'ubuntu_reality', ctrl_port: 888, zz_port: 443, port: 443, public_port: 443 },
} as const satisfies Record<(typeof agentTypes)[number], Partial<AgentUpdate>>;

// ------------------------------------------------------------------------------------------
// Entries (/api/admin/entrys/*)
// ------------------------------------------------------------------------------------------

export interface AdminEntry {
  _id: string;
  index: number;
  name: string;
  ip: string;
  host: string;
  ipList: string[];
  desc: string;
  visible: boolean;
}

export const EntryUpdate = Type.Object(
  {
    _id: OptionalId,
    index: Index,
    name: ShortText(60, 1),
    ip: Type.String({ minLength: 1, maxLength: 253, pattern: HostOrIp.pattern }),
    host: Type.Optional(HostOrIp),
    ipList: Type.Array(Type.String({ minLength: 1, maxLength: 253, pattern: HostOrIp.pattern }), { maxItems: 100 }),
    desc: ShortText(500),
    visible: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type EntryUpdate = Static<typeof EntryUpdate>;

// ------------------------------------------------------------------------------------------
// Lines (/api/admin/agent_line/*)
// ------------------------------------------------------------------------------------------

export interface AdminLine {
  _id: string;
  index: number;
  name: string;
  nameEn: string;
  agentID: string;
  protocol: (typeof lineProtocols)[number];
  bridge: (typeof bridgeTypes)[number];
  /** '' = none. */
  entryID: string;
  scale: number;
  num: number;
  public: boolean;
  fixName: boolean;
  disableForAgency: boolean;
  /** Permission id; '' = none. */
  permissionRequire: string;
  /** Traffic heat in bytes (reset by reset_hot). */
  hot: number;
  msg: string;
  /** null = the agent's port. */
  port: number | null;
  tls: boolean;
  sni: string;
  wsPath: string;
  h2Path: string;
  ssMethod: string;
  /** SECRET_MASK when set. */
  ssServerKey: string;
  alterId: number;
  vmessCipher: string;
  realityServerName: string;
  realityPublicKey: string;
  /** SECRET_MASK when set. */
  realityPrivateKey: string;
  realityShortId: string;
  flow: string;
}

export const LineUpdate = Type.Object(
  {
    _id: OptionalId,
    index: Index,
    name: ShortText(60, 1),
    nameEn: Type.Optional(ShortText(60)),
    agentID: ObjectId,
    protocol: literals(lineProtocols),
    bridge: literals(bridgeTypes),
    entryID: Type.Union([ObjectId, Type.Literal('')]),
    scale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    num: Type.Integer({ minimum: 1, maximum: 100 }),
    public: Type.Boolean(),
    fixName: Type.Boolean(),
    disableForAgency: Type.Boolean(),
    permissionRequire: Type.Union([ObjectId, Type.Literal('')]),
    msg: ShortText(500),
    port: Type.Optional(Type.Union([Port, Type.Null()])),
    tls: Type.Optional(Type.Boolean()),
    sni: Type.Optional(HostOrIp),
    wsPath: Type.Optional(Type.String({ maxLength: 200, pattern: '^/[^\\s]*$' })),
    h2Path: Type.Optional(Type.String({ maxLength: 200, pattern: '^/[^\\s]*$' })),
    ssMethod: Type.Optional(ShortText(40)),
    ssServerKey: Type.Optional(ShortText(128)),
    alterId: Type.Optional(Type.Integer({ minimum: 0, maximum: 65_535 })),
    vmessCipher: Type.Optional(ShortText(40)),
    realityServerName: Type.Optional(HostOrIp),
    realityPublicKey: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_\\-]*$' })),
    realityPrivateKey: Type.Optional(ShortText(64)),
    realityShortId: Type.Optional(Type.String({ maxLength: 16, pattern: '^[0-9a-f]*$' })),
    flow: Type.Optional(ShortText(40)),
  },
  { additionalProperties: false },
);
export type LineUpdate = Static<typeof LineUpdate>;

// ------------------------------------------------------------------------------------------
// Products (/api/shop/list for the list; /api/admin/combo/update_combo, /delete_combo)
// ------------------------------------------------------------------------------------------

const Count = (maximum: number) => Type.Integer({ minimum: 0, maximum });

/** A product as the admin screen writes it: price in yuan, traffic in GB (trafficG). */
export const ComboUpdate = Type.Object(
  {
    _id: OptionalId,
    name: ShortText(100, 1),
    /**
     * Yuan, at most two decimals (the BFF refuses fractions of a cent). Not `multipleOf: 0.01`:
     * in binary floating point 19.99 % 0.01 is not 0, so that refused most real prices.
     */
    price: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    /** GiB of volume (never expires); 0 = none. */
    trafficG: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    vipDuration: Count(36_500),
    /** Daily allowance of the time package, GiB. */
    limit: Count(1_000_000),
    additionPersend: Count(1000),
    deviceNum: Count(10_000),
    speed: ShortText(40),
    permissionsGain: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20 }),
    permissionDuration: Count(36_500),
    permissionsDesc: ShortText(500),
    orderID: Index,
  },
  { additionalProperties: false },
);
export type ComboUpdate = Static<typeof ComboUpdate>;

// ------------------------------------------------------------------------------------------
// Error log (/api/admin/errors/*) and audit log (/api/admin/audit/list)
// ------------------------------------------------------------------------------------------

export const NumRequest = Type.Object(
  { num: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })) },
  { additionalProperties: false },
);
export type NumRequest = Static<typeof NumRequest>;

export interface ErrorLogEntry {
  _id: string;
  createTime: string;
  name: string;
  msg: string;
  stack: string;
  /** The failed request: method, path without the query string, request id (as the 500 answer names it). */
  method?: string;
  url?: string;
  requestId?: string;
}

export interface ErrorsCleared {
  deletedCount: number;
}

export const AuditListRequest = Type.Object(
  {
    /** Operator e-mail (substring). */
    operator: Type.Optional(ShortText(254)),
    /** agent, entry, line, permission, combo, config… */
    recordType: Type.Optional(ShortText(40)),
    fromTimestamp: Type.Optional(Type.Integer({ minimum: 0 })),
    toTimestamp: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
  },
  { additionalProperties: false },
);
export type AuditListRequest = Static<typeof AuditListRequest>;

export interface AuditEntry {
  _id: string;
  createTime: string;
  operatorId: string;
  operatorEmail: string;
  recordType: string;
  recordId: string;
  action: 'create' | 'update' | 'delete' | 'action';
  /** What the action was when `action` is 'action' (upgrade, reset_hot, rotate_secret…). */
  detail: string;
  /** Field values before and after (secrets masked); null where the record did not exist. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
