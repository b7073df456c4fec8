/** Business constants of spec-1 §9 and spec-2 §9. Durations in milliseconds unless named otherwise. */
export const GiB = 1024 ** 3;
export const MiB = 1024 ** 2;

export const cookieDays = {
  channelFromAddress: 30,
  defaultChannel: 99999,
  token: 99999,
  lastRegister: 50,
  dailyModal: 1,
  firstUrl: 99999,
} as const;

export const DEFAULT_CHANNEL_CODE = 'WJKCNOCODE';

export const cookieNames = {
  /** httpOnly session cookie, set and cleared by the BFF only. */
  session: 'sid',
  /** Readable marker telling the client guard a session exists (the spec's "token" cookie). */
  token: 'token',
  channelCode: 'channel_code',
  lastRegister: 'lastRegister',
  platform: 'platform',
  lastSignUseTime: 'last-signUse-time',
  /** The address of the visitor's first page (spec-2's first_url), kept until sign-up reads it. */
  firstUrl: 'first_url',
} as const;

/** How much of the first page's address is kept (first_url). */
export const FIRST_URL_MAX = 1000;
/**
 * The request header naming the portal page a call was made from (its route, '/shop'): the BFF
 * keeps it as the user's last page (spec-2's last_url) when it marks the session used.
 */
export const PAGE_HEADER = 'x-portal-page';
/** What a page header may hold: a route path. */
export const PAGE_PATTERN = /^\/[A-Za-z0-9_\-/]{0,100}$/;

export const PASSWORD_MIN_LENGTH = 8;
export const SUBSCRIPTION_LINK_MIN_LENGTH = 8;

export const toastMs = { short: 2000, medium: 5000, long: 10000 } as const;
export const redirectMs = {
  loginRequired: 2000,
  sessionExpired: 2000,
  afterRegisterOrConfirm: 3000,
  loginToRegisterCheck: 100,
  afterPurchase: 5000,
} as const;

export const DEFAULT_DAILY_LIMIT_BYTES = 50 * GiB;
export const DEFAULT_SIGN_USE_REWARD_MB = 200;
export const DEFAULT_CONTINUE_SIGN_USE_DAY = 30;

export const clientVersions = {
  flclash: '0.8.59',
  flclashAndroidApk: '0.8.66',
  clashWindows: '0.20.39',
  clashAndroid: '2.1.5',
  clashMac: '1.40.0',
  singbox: '0.8.59',
  v2rayng: '1.6.20',
  clashMeta: '2.10.4',
  v2rayNMin: '7.0.0',
  androidMin: '7.0',
} as const;

export const CLASH_AUTO_UPDATE_MINUTES = 1440;
export const SPEED_TEST_URL = 'http://www.gstatic.com/generate_204';
export const SPEED_TEST_URL_SURGE = 'http://cp.cloudflare.com/generate_204';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export const pollMs = { tradeStatus: 3000, ticket: 30000 } as const;
export const PAGE_SIZES = [5, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const IMAGE_MAX_BYTES = 4 * MiB;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ORDER_FEEDBACK_MAX_CHARS = 30;
export const GIFT_MIN_GB = 20;
export const GIFT_FEE_PERCENT = 20;
export const MIN_WITHDRAW_YUAN = 500;
export const CHANNEL_REWARD_RATE = { settingsMin: 0.05, dialogMin: 0, max: 0.5 } as const;
export const latencyColour = (ms: number): 'green' | 'yellow' | 'red' =>
  ms < 150 ? 'green' : ms < 200 ? 'yellow' : 'red';

export const trafficRecordTypes = [
  'spend',
  'buy',
  'coupon',
  'sign_use',
  'prize_spend',
  'prize_reward',
  'push_spend',
  'push_receive',
  'tiyan_expire',
  'agency_spend',
  'agency_allocate',
  /** An operator restored a trial coupon's use: what it granted is taken back. */
  'coupon_restore',
  /** An operator changed the user's traffic or VIP time in the back office. */
  'admin_adjust',
] as const;
export type TrafficRecordType = (typeof trafficRecordTypes)[number];

export const payModes = ['alipay', 'wxpay', 'usdt', 'urlscheme'] as const;
export type PayMode = (typeof payModes)[number];
export const thirdPayPlatforms = ['feifei', 'yi', 'zhifubuluo', 'openx'] as const;
export const orderStatuses = ['topay', 'wallet_spend', 'paied', 'cancled'] as const;
export const agentTypes = ['v2ray', 'h2', 'reality'] as const;
export const serverTypes = [
  'apine',
  'ubuntu_x86',
  'ubuntu_arm',
  'ubuntu_guonei',
  'ubuntu_reality',
  'alpine_reality',
] as const;
export const lineProtocols = ['vmesh_tcp', 'vmesh_ws', 'ss', 'compat', 'h2', 'reality'] as const;
export const bridgeTypes = ['none', 'cf_cdn', 'report'] as const;
export type AgentType = (typeof agentTypes)[number];
export type ServerType = (typeof serverTypes)[number];
export type LineProtocol = (typeof lineProtocols)[number];
export type BridgeType = (typeof bridgeTypes)[number];
/**
 * Port presets of a new agent per type (spec-2 §3: port is what clients connect to, public_port
 * what a relay/CDN exposes, ctrl_port the node's control port, zz_port the relay port).
 */
export const agentPortPresets = {
  v2ray: { port: 10086, public_port: 443, ctrl_port: 8081, zz_port: 10087 },
  h2: { port: 443, public_port: 443, ctrl_port: 8081, zz_port: 10087 },
  reality: { port: 443, public_port: 443, ctrl_port: 8081, zz_port: 10087 },
} as const satisfies Record<
  (typeof agentTypes)[number],
  { port: number; public_port: number; ctrl_port: number; zz_port: number }
>;
export const couponTypes = ['freeUse', 'freeTime', 'cash', 'discount'] as const;
export const RANDOM_CODE_LENGTH = 6;
export const DEFAULT_REQUEST_COUNT = { list: 100, errorsAndStats: 7 } as const;
export const USER_TRAFFIC_RECORD_DAYS = 10;
export const ADMIN_TRAFFIC_RECORD_DAYS = 2;
export const PERMISSIONS_SHOWN_BEFORE_TOGGLE = 3;

/** The `{kind}` segment of `{base}/api/subscript/{kind}/{userId}/{userkey}` (spec-1 §7). */
export const subscriptionKinds = [
  'clash',
  'mjclash',
  'flclash',
  'ss',
  'ssr',
  'v2box',
  'surge',
  'surfboard',
  'qx',
  'q',
  'singbox',
] as const;
export type SubscriptionKind = (typeof subscriptionKinds)[number];
export const isSubscriptionKind = (kind: string): kind is SubscriptionKind =>
  (subscriptionKinds as readonly string[]).includes(kind);

/**
 * QuantumultX remote rule sets (spec-1 §7), served at `/describe/qx/<tag>.list` with the policy
 * the client applies; the rewrite set is `/describe/qx/Rewrite.conf`.
 */
export const qxRuleSets = [
  { tag: 'Internal', policy: 'direct' },
  { tag: 'Apple', policy: 'direct' },
  { tag: 'GlobalMedia', policy: 'proxy' },
  { tag: 'Global', policy: 'proxy' },
] as const;
export type QxRuleSetTag = (typeof qxRuleSets)[number]['tag'];
export const QX_REWRITE_TAG = 'Rewrite';
export const QX_SERVER_UPDATE_SECONDS = 172800;
export const QX_RULES_UPDATE_SECONDS = 2592000;
