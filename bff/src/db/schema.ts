import { sql } from 'drizzle-orm';
import {
  agentTypes,
  bridgeTypes,
  couponTypes,
  lineProtocols,
  orderStatuses,
  payModes,
  serverTypes,
} from '@portal/contracts';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core';

/**
 * A user's type; null in the column means "none" (a signed-up user without a type). 'admin' and
 * 'yunying' are no longer stored (migration 0016 moved them to staff_members).
 */
export const userType = pgEnum('user_type', ['admin', 'normal', 'channel', 'yunying']);

const bytes = (name: string) => bigint(name, { mode: 'number' });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    /** 24 hex characters, the shape of the original service's ids (clients show and link them). */
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    type: userType('type'),
    /** Secret part of subscription links; at least 128 random bits, hex. */
    userkey: text('userkey').notNull().unique(),
    icon: text('icon').notNull().default(''),
    traffic: bytes('traffic').notNull().default(0),
    spendTraffic: bytes('spend_traffic').notNull().default(0),
    vipExpireTime: instant('vip_expire_time'),
    dailyTimePackageUsage: bytes('daily_time_package_usage').notNull().default(0),
    /** Daily allowance of time packages in bytes; null = the default (50 GiB). */
    dailyLimit: bytes('daily_limit'),
    paidUser: boolean('paid_user').notNull().default(false),
    preferDomain: text('prefer_domain').notNull().default(''),
    /** Base URL of subscription links for this user; null = the service default. */
    describeHost: text('describe_host'),
    /** Inviter's code recorded at sign-up (channels.code); the user's own code lives in channels. */
    channelCode: text('channel_code').notNull().default(''),
    isAgency: boolean('is_agency').notNull().default(false),
    inXinjiang: boolean('in_xinjiang').notNull().default(false),
    inForeign: boolean('in_foreign').notNull().default(false),
    useEnglishNode: boolean('use_english_node').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    canChangePassword: boolean('can_change_password').notNull().default(true),
    canChangeDescribeKey: boolean('can_change_describe_key').notNull().default(true),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    /** Wallet balance in cents; changed only through modules/wallet, which writes wallet_ledger. */
    walletMoney: bigint('wallet_money', { mode: 'number' }).notNull().default(0),
    /**
     * The part of `walletMoney` that may be withdrawn (cents): invite rebates earned from payments
     * through a real gateway. The rest is shop credit (refunds, late and excess payments, cancelled
     * trades, operator adjustments, sandbox money), which only pays for orders. Spends take shop
     * credit first; a withdrawal takes only this part (docs/money.md).
     */
    walletWithdrawable: bigint('wallet_withdrawable', { mode: 'number' }).notNull().default(0),
    /** When the withdrawal address last changed: a withdrawal within 24 h of it is held. */
    walletAddressChangedAt: instant('wallet_address_changed_at'),
    /** Withdrawal address (spec-2 wallet): '' until the user sets one. */
    walletAddress: text('wallet_address').notNull().default(''),
    walletAddressType: text('wallet_address_type').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastActiveAt: instant('last_active_at'),
    /** spec-2 first_url: the address of the first page the visitor opened, recorded at sign-up. */
    firstUrl: text('first_url'),
    /** spec-2 last_url: the portal page the user last opened (PAGE_HEADER at a session's use). */
    lastUrl: text('last_url'),
    /** Subscription devices the operator allows this user (0: the package's, package_device_num). */
    deviceNum: integer('device_num').notNull().default(0),
    /** The device count of the package bought last while the service ran (combos.device_num; 0: no limit). */
    packageDeviceNum: integer('package_device_num').notNull().default(0),
    /** Service-time-zone day that `dailyTimePackageUsage` counts; another day means it restarts at 0. */
    timePackageDay: date('time_package_day', { mode: 'string' }),
    /**
     * Operator flags of the back office's user dialog (spec-2 user (admin)). The user's traffic
     * scale: multiplies what node traffic costs them, like a line's scale (modules/usage).
     */
    scale: doublePrecision('scale').notNull().default(1),
    /** May use lines that require no permission ("normal" lines): subscriptions and the node API. */
    normalPermission: boolean('normal_permission').notNull().default(true),
    /**
     * The special speed limit (specialDailyUnlimitTraffic): `dailyLimit` was set by an operator and
     * purchases leave it as it is.
     */
    specialDailyLimit: boolean('special_daily_limit').notNull().default(false),
    /** Invite rebates for this user's invitees whatever the channel rules say (not read yet). */
    forceReward: boolean('force_reward').notNull().default(false),
    /** Telegram binding (spec-2 profile): bound through the bot's deep link (modules/notifications); unbind clears both. */
    telegramId: text('telegram_id'),
    telegramName: text('telegram_name').notNull().default(''),
    /** Staff: the staff events they receive on Telegram (issue 28; only those their permissions allow). */
    telegramTopics: jsonb('telegram_topics').$type<string[]>().notNull().default([]),
    /** Reminders about this account (traffic, plan, tickets) by mail as well; the profile's switch. */
    notifyMail: boolean('notify_mail').notNull().default(true),
    /** A stable small number per user for node back ends that need integer ids (V2bX, XrayR). */
    nodeUid: integer('node_uid').notNull().generatedAlwaysAsIdentity().unique(),
    /**
     * The proxy credentials of subscriptions/credentials.ts, kept for the node user lists. Written
     * only by the database (trigger users_credentials_*, migration 0011) from id and userkey: code
     * never sets them, whatever it writes is replaced.
     */
    credUuid: text('cred_uuid').notNull().default(''),
    credSsPassword: text('cred_ss_password').notNull().default(''),
    credSsKey16: text('cred_ss_key16').notNull().default(''),
    credSsKey32: text('cred_ss_key32').notNull().default(''),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_wallet_money_non_negative', sql`${t.walletMoney} >= 0`),
    check(
      'users_wallet_withdrawable_in_range',
      sql`${t.walletWithdrawable} >= 0 AND ${t.walletWithdrawable} <= ${t.walletMoney}`,
    ),
    check('users_wallet_address_type', sql`${t.walletAddressType} IN ('', 'USDT-ERC20', 'USDT-TRC20')`),
    check('users_traffic_non_negative', sql`${t.traffic} >= 0`),
    check('users_spend_traffic_non_negative', sql`${t.spendTraffic} >= 0`),
    check('users_scale_positive', sql`${t.scale} > 0`),
    // The back office's user list (newest first) and search (migration 0014).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_channel_code_idx').on(sql`lower(${t.channelCode})`),
    // Created only where pg_trgm is available (PostgreSQL; not PGlite): see 0014.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // Notifications (issue 28, migration 0024): the plans ending soon (notification-watch, each
    // minute) and the bound chats a staff event may go to (each fan-out), without a scan of users.
    index('users_vip_expire_idx')
      .on(t.vipExpireTime)
      .where(sql`vip_expire_time IS NOT NULL`),
    index('users_telegram_idx')
      .on(t.telegramId)
      .where(sql`telegram_id IS NOT NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the cookie token: a database leak must not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** When the session ends unless used again: moved forward whenever last_seen_at is (the idle limit). */
    expiresAt: instant('expires_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When this session last proved the staff member's second factor (login or verify); step-up reads it. */
    factorCheckedAt: instant('factor_checked_at'),
    /** The opaque handle the device list shows and the sign-out calls take (never the id above). */
    publicId: text('public_id')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_uq').on(t.publicId),
  ],
);

/**
 * A staff member's TOTP factor (modules/second-factor): the active secret, a new one pending
 * confirmation, and the last time step accepted (a code is never accepted twice). Secrets are
 * stored as they are (the repository has no encryption key for them).
 */
export const secondFactors = pgTable('second_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret'),
  pendingSecret: text('pending_secret'),
  pendingAt: instant('pending_at'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
  confirmedAt: instant('confirmed_at'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** One-time recovery codes (sha256 of the code); a used code is deleted. */
export const secondFactorRecoveryCodes = pgTable(
  'second_factor_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('second_factor_recovery_codes_user_id_idx').on(t.userId)],
);

/** A login that passed the password and waits for the second factor (5 minutes; sha256 of the ticket). */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('second_factor_challenges_user_id_idx').on(t.userId)],
);

/**
 * Single-use keys mailed to a user (sign-up confirmation, password change). Only the sha256 of the
 * key is stored; `id` is the link's serial_id.
 */
export const emailTokenPurpose = pgEnum('email_token_purpose', ['signup_confirm', 'change_password', 'change_email']);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    keyHash: text('key_hash').notNull(),
    /** change_password: the new password's hash, applied when the link is confirmed. */
    pendingPasswordHash: text('pending_password_hash'),
    /** change_email: the new address, applied when the link mailed to it is confirmed. */
    pendingEmail: text('pending_email'),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    /** Confirmed, or replaced by a newer request of the same purpose: the link no longer acts. */
    usedAt: instant('used_at'),
    /** When the link was confirmed (a replaced link has used_at alone): a repeat answers success. */
    confirmedAt: instant('confirmed_at'),
  },
  (t) => [
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
    // The retention job's batches (migration 0015).
    index('email_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Mail kept instead of sent when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  // The retention job's batches (migration 0015).
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Operator settings: one JSON value per key; keys, types and defaults live in modules/settings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** Back-office roles (issue 25): a set of permissions; 'admin' and 'yunying' are built in. */
export const staffRoles = pgTable('staff_roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Permission keys; a built-in role's come from the code (permissionsOfRole), not this column. */
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** Who is staff, with which role: the one source of truth (users.type no longer grants anything). */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => staffRoles.id),
    appointedAt: instant('appointed_at').notNull().defaultNow(),
    appointedBy: text('appointed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('staff_members_role_idx').on(t.roleId)],
);

export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    desc: text('desc').notNull(),
    /** A portal hash path (#/shop) or an absolute URL. */
    href: text('href').notNull().default(''),
    /** null: every user; otherwise only this user. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** null: never. */
    expiresAt: instant('expires_at'),
  },
  (t) => [index('notices_user_id_idx').on(t.userId), index('notices_created_at_idx').on(t.createdAt)],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: instant('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

export const couponType = pgEnum('coupon_type', couponTypes);

/** Coupons of spec-2 §3. Trial coupons (freeUse, freeTime) are redeemed directly; cash and discount ones on orders. */
export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: couponType('type').notNull(),
    /** Unique among the coupons not deleted (coupons_code_live_uq). */
    code: text('code').notNull(),
    taobao: boolean('taobao').notNull().default(false),
    /** freeUse: bytes added. */
    traffic: bytes('traffic').notNull().default(0),
    /** freeUse: the added traffic expires `traffixLimitTime` hours after redemption. */
    traffixHaveLimitTime: boolean('traffic_has_limit_time').notNull().default(false),
    traffixLimitTime: integer('traffic_limit_hours').notNull().default(0),
    /** freeTime: VIP days added. */
    vipDay: integer('vip_day').notNull().default(0),
    /** cash: value in cents. */
    forMoneyCents: bigint('for_money_cents', { mode: 'number' }).notNull().default(0),
    /** discount: price multiplier, 0.1 to 1. */
    discount: doublePrecision('discount').notNull().default(1),
    useNumPerUser: integer('use_num_per_user').notNull().default(1),
    /** Total uses allowed (spec: NumberOfAuthorizations). */
    numberOfAuthorizations: integer('number_of_authorizations').notNull(),
    /** Uses so far; never above numberOfAuthorizations. */
    authTimes: integer('auth_times').notNull().default(0),
    /** null: never expires. */
    expireTime: instant('expire_time'),
    createTime: instant('create_time').notNull().defaultNow(),
    /** A coupon issued to one user (a lottery prize): only they may use it. null = anyone. */
    ownerId: text('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    /** Deleted by an operator: hidden from the list, redemption and orders; its use records keep it. */
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('coupons_code_live_uq')
      .on(t.code)
      .where(sql`${t.deletedAt} IS NULL`),
    check('coupons_auth_times_in_range', sql`${t.authTimes} >= 0 AND ${t.authTimes} <= ${t.numberOfAuthorizations}`),
    check('coupons_use_num_per_user_positive', sql`${t.useNumPerUser} >= 1`),
    check(
      'coupons_amounts_non_negative',
      sql`${t.traffic} >= 0 AND ${t.vipDay} >= 0 AND ${t.forMoneyCents} >= 0 AND ${t.traffixLimitTime} >= 0`,
    ),
    check('coupons_discount_range', sql`${t.discount} > 0 AND ${t.discount} <= 1`),
    index('coupons_create_time_idx').on(t.createTime, t.id),
  ],
);

/** One redemption of a coupon (spec-2 coupon use record). */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: text('id').primaryKey(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    type: couponType('type').notNull(),
    addTraffic: bytes('add_traffic').notNull().default(0),
    addDay: integer('add_day').notNull().default(0),
    addMoneyCents: bigint('add_money_cents', { mode: 'number' }).notNull().default(0),
    discount: doublePrecision('discount'),
    /** Cash and discount coupons: the order the use is held by; released (is_deleted) if it is not paid. */
    orderId: text('order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId),
    index('coupon_uses_user_idx').on(t.userId),
    index('coupon_uses_created_idx').on(t.createdAt, t.id),
    // One live use per order: the last line behind "one coupon per order".
    uniqueIndex('coupon_uses_live_order_uq')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL AND ${t.isDeleted} = false`),
  ],
);

/** Every change of a user's traffic (spec-2 traffic record). `day` is the service-time-zone date. */
export const trafficRecords = pgTable(
  'traffic_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of trafficRecordTypes (contracts). */
    type: text('type').notNull(),
    desc: text('desc').notNull().default(''),
    /** Signed bytes. */
    trafficChange: bigint('traffic_change', { mode: 'number' }).notNull(),
    exemptionTraffic: bytes('exemption_traffic').notNull().default(0),
    /** The user's traffic and spendTraffic after the change. */
    allTraffic: bytes('all_traffic').notNull(),
    allSpend: bytes('all_spend').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('traffic_records_user_created_idx').on(t.userId, t.createdAt),
    index('traffic_records_day_idx').on(t.day),
    // The back office's records of every user, newest first, of all types or one.
    index('traffic_records_created_idx').on(t.createdAt, t.id),
    index('traffic_records_type_created_idx').on(t.type, t.createdAt, t.id),
    /** One node-usage record per user and service day: the push upserts it (modules/usage). */
    uniqueIndex('traffic_records_spend_user_day_uq')
      .on(t.userId, t.day)
      .where(sql`${t.type} = 'spend'`),
  ],
);

/** Traffic granted until a deadline (time-limited trial coupons); a later job takes back what is left. */
export const trafficGrants = pgTable(
  'traffic_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bytes('bytes').notNull(),
    /** What granted it (e.g. 'coupon') and the id of that record. */
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Set when the expiry has been applied. */
    settledAt: instant('settled_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('traffic_grants_expires_idx').on(t.expiresAt), index('traffic_grants_user_idx').on(t.userId)],
);

/** Daily sign-ins; the primary key makes a second one on the same day impossible. */
export const signIns = pgTable(
  'sign_ins',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Consecutive days after this sign-in (0 once a streak bonus was paid). */
    streak: integer('streak').notNull(),
    addTraffic: bytes('add_traffic').notNull(),
    extraReward: boolean('extra_reward').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('sign_ins_day_idx').on(t.day)],
);

export const agentType = pgEnum('agent_type', agentTypes);
export const serverType = pgEnum('server_type', serverTypes);
export const lineProtocol = pgEnum('line_protocol', lineProtocols);
export const bridgeType = pgEnum('bridge_type', bridgeTypes);

export interface Country {
  /** Display name (Chinese), e.g. 日本. */
  name: string;
  /** Flag emoji, e.g. 🇯🇵 (Clash Meta names and the /agents cards). */
  flag: string;
  /** ISO 3166 alpha-2 code, for English names ("JP"). */
  code?: string;
}

/**
 * Agents: the proxy servers (spec-2 §3 "Agent (admin)"). `secretHash` is the sha256 (hex) of the
 * node's bearer token: the token is shown once when issued, the node API compares hashes in
 * constant time. The reported-status columns are written by the node API.
 */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    index: integer('index').notNull().default(0),
    name: text('name').notNull(),
    /** English display name (use_english_node); empty = derived from the country code. */
    nameEn: text('name_en').notNull().default(''),
    desc: text('desc').notNull().default(''),
    country: jsonb('country').$type<Country>().notNull(),
    type: agentType('type').notNull().default('v2ray'),
    serverType: serverType('server_type'),
    /** Public IPv4/IPv6 address (inXinjiang users connect to it directly). */
    ip: text('ip').notNull().default(''),
    /** Domain clients connect to; empty = the IP. */
    host: text('host').notNull().default(''),
    ctrlPort: integer('ctrl_port').notNull().default(8081),
    zzPort: integer('zz_port').notNull().default(10087),
    port: integer('port').notNull().default(10086),
    publicPort: integer('public_port').notNull().default(443),
    sshPort: integer('ssh_port').notNull().default(22),
    sshUsername: text('ssh_username').notNull().default(''),
    sshPassword: text('ssh_password').notNull().default(''),
    warp: boolean('warp').notNull().default(false),
    openLog: boolean('open_log').notNull().default(false),
    /** Enabled by the operator; a disabled agent's lines are never handed out. */
    status: boolean('status').notNull().default(true),
    agentVersion: text('agent_version').notNull().default(''),
    updateConfigTimes: integer('update_config_times').notNull().default(0),
    /** User-list field: advertised speed text (e.g. 1Gbps). */
    speed: text('speed').notNull().default(''),
    orderID: integer('order_id').notNull().default(0),
    secretHash: text('secret_hash').unique(),
    /**
     * An operator asked the node to upgrade itself (admin agents/upgrade_agentserver); the node API
     * hands the request out until the node reports a version other than the one it ran then.
     */
    upgradeRequestedAt: instant('upgrade_requested_at'),
    lastReportAt: instant('last_report_at'),
    /** node.offline was sent for the silence that began before this (issue 28); null once it reports again. */
    offlineNotifiedAt: instant('offline_notified_at'),
    /** Load average (1 min) as reported. */
    load: doublePrecision('load'),
    latencyMs: integer('latency_ms'),
    onlineUsers: integer('online_users'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('agents_index_idx').on(t.index)],
);

/** Entries: relay/transit addresses in front of agents (spec-2 §3). */
export const entries = pgTable(
  'entries',
  {
    id: text('id').primaryKey(),
    index: integer('index').notNull().default(0),
    name: text('name').notNull(),
    /** Main address (clients connect to it when a line goes through this entry). */
    ip: text('ip').notNull(),
    /** Domain of the entry; empty = the ip. inXinjiang users always get the ip. */
    host: text('host').notNull().default(''),
    ipList: jsonb('ip_list').$type<string[]>().notNull().default([]),
    desc: text('desc').notNull().default(''),
    visible: boolean('visible').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('entries_index_idx').on(t.index)],
);

/** Named permissions (spec-2 §3) that packages grant for a time and lines may require. */
export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  desc: text('desc').notNull().default(''),
  useTimes: integer('use_times').notNull().default(0),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    expireTime: instant('expire_time').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] }), index('user_permissions_expire_idx').on(t.expireTime)],
);

/**
 * Lines: what a subscription lists (spec-2 §3). One line = one way to reach one agent with one
 * protocol, directly or through an entry/bridge. The protocol columns hold what a client needs
 * besides the user's own credential (derived per user, see modules/subscriptions/credentials.ts).
 */
export const lines = pgTable(
  'lines',
  {
    id: text('id').primaryKey(),
    index: integer('index').notNull().default(0),
    name: text('name').notNull(),
    /** English name (use_english_node); empty = derived from the agent. */
    nameEn: text('name_en').notNull().default(''),
    agentID: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    protocol: lineProtocol('protocol').notNull(),
    bridge: bridgeType('bridge').notNull().default('none'),
    entryID: text('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    /** Traffic multiplier of this line (accounting) — shown in the name when ≠ 1. */
    scale: doublePrecision('scale').notNull().default(1),
    /** How many copies the subscription lists (numbered "name 1", "name 2"…; different entry IPs when ipList allows). */
    num: integer('num').notNull().default(1),
    public: boolean('public').notNull().default(true),
    /** Use the name as is (no flag, number, scale suffix). */
    fixName: boolean('fix_name').notNull().default(false),
    disableForAgency: boolean('disable_for_agency').notNull().default(false),
    permissionRequire: text('permission_require').references(() => permissions.id, { onDelete: 'set null' }),
    hot: bytes('hot').notNull().default(0),
    msg: text('msg').notNull().default(''),
    /** Port clients connect to; null = the agent's port (public_port behind a CDN/entry). */
    port: integer('port'),
    /** vmess: alterId (0 = AEAD) and cipher. */
    alterId: integer('alter_id').notNull().default(0),
    vmessCipher: text('vmess_cipher').notNull().default('auto'),
    /** TLS on the client side (vmesh_ws behind cf_cdn, h2 always). */
    tls: boolean('tls').notNull().default(false),
    /** TLS SNI / ws Host header; empty = the connect host. */
    sni: text('sni').notNull().default(''),
    wsPath: text('ws_path').notNull().default('/ws'),
    h2Path: text('h2_path').notNull().default('/h2'),
    /** ss: method; for 2022-blake3-* the server PSK (base64) is `ssServerKey`. */
    ssMethod: text('ss_method').notNull().default('aes-128-gcm'),
    ssServerKey: text('ss_server_key').notNull().default(''),
    /** reality (vless): server name, public/private X25519 keys (base64url), short id, flow. */
    realityServerName: text('reality_server_name').notNull().default(''),
    realityPublicKey: text('reality_public_key').notNull().default(''),
    realityPrivateKey: text('reality_private_key').notNull().default(''),
    realityShortId: text('reality_short_id').notNull().default(''),
    flow: text('flow').notNull().default('xtls-rprx-vision'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('lines_agent_idx').on(t.agentID),
    index('lines_index_idx').on(t.index),
    check('lines_num_range', sql`${t.num} >= 1 AND ${t.num} <= 100`),
    check('lines_scale_positive', sql`${t.scale} > 0`),
  ],
);

/**
 * Versions of the node user lists (migration 0011, node-api/user-list.ts): 'users' and
 * 'perm:<permission id>', moved by triggers on users and user_permissions, never by code.
 */
export const nodeListVersions = pgTable('node_list_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: instant('changed_at').notNull().defaultNow(),
});

/** One traffic push from a node; the unique (agent, report) pair makes a repeated push count once. */
export const nodeTrafficReports = pgTable(
  'node_traffic_reports',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    reportId: text('report_id').notNull(),
    users: integer('users').notNull().default(0),
    upload: bytes('upload').notNull().default(0),
    download: bytes('download').notNull().default(0),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.reportId] }),
    index('node_traffic_reports_received_idx').on(t.receivedAt),
  ],
);

/** Per-user usage per service day (statistics). */
export const userDailyUsage = pgTable(
  'user_daily_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    upload: bytes('upload').notNull().default(0),
    download: bytes('download').notNull().default(0),
    /** Bytes charged after scales (what left the user's balance or daily allowance). */
    charged: bytes('charged').notNull().default(0),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('user_daily_usage_day_idx').on(t.day)],
);

/**
 * A client that fetched the user's subscription with a hardware id (x-hwid, issue 27): one of the
 * user's devices, counted against the device limit until the user or an operator removes it.
 */
export const subscriptionDevices = pgTable(
  'subscription_devices',
  {
    id: text('id')
      .primaryKey()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hwid: text('hwid').notNull(),
    os: text('os').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    model: text('model').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    firstSeenAt: instant('first_seen_at').notNull().defaultNow(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    lastIp: text('last_ip').notNull().default(''),
  },
  (t) => [uniqueIndex('subscription_devices_user_hwid_uq').on(t.userId, t.hwid)],
);

/** Each fetch of a subscription link (kept 30 days and the last 200 per user; written in batches). */
export const subscriptionFetches = pgTable(
  'subscription_fetches',
  {
    id: text('id')
      .primaryKey()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: instant('at').notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    hwid: text('hwid'),
    /** The format answered (mjclash, singbox…). */
    kind: text('kind').notNull(),
    /** Why the client got the informative entry instead of lines (device_limit, no_hwid); null when served. */
    refused: text('refused'),
  },
  (t) => [index('subscription_fetches_user_at_idx').on(t.userId, t.at), index('subscription_fetches_at_idx').on(t.at)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type EmailToken = typeof emailTokens.$inferSelect;
export type Notice = typeof notices.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type Agent = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;
export type Entry = typeof entries.$inferSelect;
export type NewEntry = typeof entries.$inferInsert;
export type Line = typeof lines.$inferSelect;
export type NewLine = typeof lines.$inferInsert;
export type Permission = typeof permissions.$inferSelect;
export type UserPermission = typeof userPermissions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The money path (spec-2 §2-§4): products, orders, trades, the wallet ledger and invite rebates.
// Money is integer cents; USDT amounts are integer thousandths (milli-USDT).
// ---------------------------------------------------------------------------------------------

const cents = (name: string) => bigint(name, { mode: 'number' });

/** Products (spec-2 "combo/package"). Deleted products stay for the orders that name them. */
export const combos = pgTable(
  'combos',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    priceCents: cents('price_cents').notNull(),
    /** Volume bytes (never expire); 0 = none. */
    traffic: bytes('traffic').notNull().default(0),
    /** Days of time package; 0 = none. */
    vipDuration: integer('vip_duration').notNull().default(0),
    /** Daily allowance of the time package in GiB. */
    dailyLimitGb: integer('daily_limit_gb').notNull().default(50),
    /** Bonus percent on traffic and days. */
    additionPersend: integer('addition_persend').notNull().default(0),
    deviceNum: integer('device_num').notNull().default(0),
    /** Display only, e.g. '150Mbps'. */
    speed: text('speed').notNull().default(''),
    /** Permission names granted for `permissionDuration` days. */
    permissionsGain: jsonb('permissions_gain').$type<string[]>().notNull().default([]),
    permissionDuration: integer('permission_duration').notNull().default(0),
    permissionsDesc: text('permissions_desc').notNull().default(''),
    /** Display order (spec: orderID). */
    orderId: integer('order_id').notNull().default(0),
    deletedAt: instant('deleted_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('combos_price_non_negative', sql`${t.priceCents} >= 0`),
    check(
      'combos_amounts_non_negative',
      sql`${t.traffic} >= 0 AND ${t.vipDuration} >= 0 AND ${t.additionPersend} >= 0 AND ${t.dailyLimitGb} >= 0 AND ${t.permissionDuration} >= 0`,
    ),
  ],
);

export const orderStatus = pgEnum('order_status', orderStatuses);

/**
 * Orders. What the order buys is copied from the product when it is created, so later product
 * edits never change an order. payable = order_money - coupon_discount - wallet_spend, never < 0.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comboId: text('combo_id')
      .notNull()
      .references(() => combos.id),
    desc: text('desc').notNull(),
    orderMoneyCents: cents('order_money_cents').notNull(),
    couponId: text('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    couponName: text('coupon_name'),
    couponType: couponType('coupon_type'),
    couponDiscountCents: cents('coupon_discount_cents').notNull().default(0),
    walletSpendCents: cents('wallet_spend_cents').notNull().default(0),
    status: orderStatus('status').notNull().default('topay'),
    /** Bytes, bonus included. */
    addTraffic: bytes('add_traffic').notNull().default(0),
    /** Days, bonus included. */
    addVipDuration: integer('add_vip_duration').notNull().default(0),
    dailyLimitGb: integer('daily_limit_gb').notNull().default(50),
    gainPermission: jsonb('gain_permission').$type<string[]>().notNull().default([]),
    permissionDuration: integer('permission_duration').notNull().default(0),
    userFeedback: text('user_feedback').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Unpaid orders are cancelled after this (releasing coupon and wallet deduction). */
    expiresAt: instant('expires_at').notNull(),
    paidAt: instant('paid_at'),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_open_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} IN ('topay', 'wallet_spend')`),
    index('orders_coupon_idx')
      .on(t.couponId)
      .where(sql`${t.couponId} IS NOT NULL`),
    check(
      'orders_money_in_range',
      sql`${t.orderMoneyCents} >= 0 AND ${t.couponDiscountCents} >= 0 AND ${t.walletSpendCents} >= 0 AND ${t.couponDiscountCents} + ${t.walletSpendCents} <= ${t.orderMoneyCents}`,
    ),
  ],
);

export const payMode = pgEnum('pay_mode', [...payModes, 'wallet']);
export const tradeStatus = pgEnum('trade_status', ['topay', 'paied', 'cancled']);

/**
 * One payment attempt for an order (the spec's trade). `dobuy` opens one; a newer attempt for the
 * same order cancels the older open one. A paid notify for a cancelled trade of a still-open order
 * still pays the order (the money arrived).
 */
export const trades = pgTable(
  'trades',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payMode: payMode('pay_mode').notNull(),
    /** sandbox, epay platform name (feifei, yi, zhifubuluo, openx), usdt or wallet. */
    provider: text('provider').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** USDT trades: the exact amount asked for, in thousandths; unique among open USDT trades. */
    usdtAmountMilli: bigint('usdt_amount_milli', { mode: 'number' }),
    usdtAddress: text('usdt_address'),
    status: tradeStatus('status').notNull().default('topay'),
    /** The provider's own number (epay trade_no, TRC20 transaction id). */
    externalId: text('external_id'),
    device: text('device').notNull().default(''),
    platform: text('platform').notNull().default(''),
    /** The inviter's channel code and rebate, set at payment. */
    fromChannel: text('from_channel'),
    rewardCents: cents('reward_cents').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    paidAt: instant('paid_at'),
    /**
     * Why a paid trade did not pay its order ('' when it did): the order was closed, or its
     * amount changed after the trade was made; what the trade paid went to shop credit.
     */
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('trades_order_idx').on(t.orderId),
    index('trades_user_created_idx').on(t.userId, t.createdAt),
    index('trades_paid_at_idx').on(t.paidAt),
    // The back office's trade list (newest first) and its exact-number search shortcuts.
    index('trades_created_idx').on(t.createdAt, t.id),
    index('trades_external_idx')
      .on(sql`lower(${t.externalId})`)
      .where(sql`${t.externalId} IS NOT NULL`),
    index('trades_from_channel_idx')
      .on(sql`lower(${t.fromChannel})`)
      .where(sql`${t.fromChannel} IS NOT NULL`),
    uniqueIndex('trades_open_usdt_amount_uq')
      .on(t.usdtAmountMilli)
      .where(sql`${t.status} = 'topay' AND ${t.usdtAmountMilli} IS NOT NULL`),
    // The USDT trades a transfer may still pay (payments/repository.ts: the amounts a new trade
    // must avoid, the watcher's trades): by expiry, so only the recent ones are read.
    index('trades_unpaid_usdt_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.usdtAmountMilli} IS NOT NULL AND ${t.status} <> 'paied'`),
    uniqueIndex('trades_paid_external_uq')
      .on(t.provider, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    check('trades_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * The wallet ledger: every change of users.wallet_money, with the balance after it. The sum of a
 * user's amounts equals their balance (tests check it).
 * kind: spend (order deduction, negative), refund (deduction returned, positive), reward (invite
 * rebate, positive), withdraw (negative), adjust (operator).
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountCents: cents('amount_cents').notNull(),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    /**
     * The signed part of `amountCents` that moved withdrawable money (the rest moved shop
     * credit); a user's sum equals users.wallet_withdrawable.
     */
    withdrawableCents: bigint('withdrawable_cents', { mode: 'number' }).notNull().default(0),
    /** The withdrawable part of the balance after the change. */
    withdrawableAfterCents: cents('withdrawable_after_cents').notNull().default(0),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    desc: text('desc').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_user_created_idx').on(t.userId, t.createdAt),
    check('wallet_ledger_balance_non_negative', sql`${t.balanceAfterCents} >= 0`),
    check(
      'wallet_ledger_withdrawable_in_range',
      sql`${t.withdrawableAfterCents} >= 0 AND ${t.withdrawableAfterCents} <= ${t.balanceAfterCents}`,
    ),
    check('wallet_ledger_kind', sql`${t.kind} IN ('spend', 'refund', 'reward', 'withdraw', 'adjust')`),
  ],
);

/**
 * Invite channels (spec-2 channel): a user's own invite code with its rebate rate and how many
 * days after an invitee's sign-up purchases earn it. null rate/duration = the settings' defaults.
 */
export const channels = pgTable(
  'channels',
  {
    code: text('code').primaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    rewardRate: doublePrecision('reward_rate'),
    consumerDurationDays: integer('consumer_duration_days'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'channels_reward_rate_range',
      sql`${t.rewardRate} IS NULL OR (${t.rewardRate} >= 0 AND ${t.rewardRate} <= 0.5)`,
    ),
  ],
);

/** Invite rebates (spec-2 reward record); one per paid order at most. */
export const channelRewards = pgTable(
  'channel_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consumerId: text('consumer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    desc: text('desc').notNull(),
    userSpendCents: cents('user_spend_cents').notNull(),
    rewardCents: cents('reward_cents').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('channel_rewards_inviter_idx').on(t.inviterId, t.createdAt)],
);

/** Per-day payment statistics (spec-2 statistics: payNum, income), updated at fulfilment. */
export const paymentStatsDaily = pgTable('payment_stats_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  payNum: integer('pay_num').notNull().default(0),
  incomeCents: cents('income_cents').notNull().default(0),
});

/**
 * The statistics screen's figures of each service day that is over (modules/statistics), kept so a
 * read sums a year from 365 rows instead of the records. Derived data: the `statistics.rollup`
 * job rewrites recent days and re-checks old ones, and a read rolls up any day it lacks. Orders and
 * trades are cut into days in `time_zone`; a row of another zone counts as missing.
 */
export const statisticsDaily = pgTable('statistics_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  timeZone: text('time_zone').notNull(),
  payNum: integer('pay_num').notNull(),
  incomeCents: cents('income_cents').notNull(),
  signUseNum: integer('sign_use_num').notNull(),
  normalUserNum: integer('normal_user_num').notNull(),
  normalTraffic: bytes('normal_traffic').notNull(),
  dayUserNum: integer('day_user_num').notNull(),
  dayTrafficUse: bytes('day_traffic_use').notNull(),
  lotterySpendNum: integer('lottery_spend_num').notNull(),
  lotterySpendTraffic: bytes('lottery_spend_traffic').notNull(),
  lotteryRewardNum: integer('lottery_reward_num').notNull(),
  lotteryRewardTraffic: bytes('lottery_reward_traffic').notNull(),
  computedAt: instant('computed_at').notNull().defaultNow(),
});

/** TRC20 transfers that paid a trade: one transaction pays one order, ever. */
export const chainTransfers = pgTable('chain_transfers', {
  txId: text('tx_id').primaryKey(),
  tradeId: text('trade_id')
    .notNull()
    .references(() => trades.id, { onDelete: 'cascade' }),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  amountMilli: bigint('amount_milli', { mode: 'number' }).notNull(),
  blockTime: instant('block_time').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export type Combo = typeof combos.$inferSelect;
export type NewCombo = typeof combos.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type Trade = typeof trades.$inferSelect;
export type WalletEntry = typeof walletLedger.$inferSelect;
export type Channel = typeof channels.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The back office: what operators changed (audit log) and what went wrong (error log).
// ---------------------------------------------------------------------------------------------

export const auditAction = pgEnum('audit_action', ['create', 'update', 'delete', 'action']);

/**
 * Every admin and operations write: who, when, which record, and its fields before and after
 * (secrets masked), written in the transaction of the write itself. Operators are kept by id and
 * e-mail without a foreign key, so the log outlives the accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    createdAt: instant('created_at').notNull().defaultNow(),
    operatorId: text('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    action: auditAction('action').notNull(),
    /** The action's name when `action` is 'action' (rotate_secret, reset_hot…). */
    detail: text('detail').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_record_idx').on(t.recordType, t.createdAt, t.id),
  ],
);

/**
 * Unexpected errors of requests (the 500 path), for the admin error screen. Only the request's
 * method, path (no query string) and id are kept: never cookies, payloads or headers.
 */
export const errorLog = pgTable(
  'error_log',
  {
    id: text('id').primaryKey(),
    createdAt: instant('created_at').notNull().defaultNow(),
    name: text('name').notNull(),
    msg: text('msg').notNull(),
    stack: text('stack').notNull().default(''),
    method: text('method').notNull().default(''),
    url: text('url').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
  },
  (t) => [index('error_log_created_idx').on(t.createdAt, t.id)],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type ErrorLogRow = typeof errorLog.$inferSelect;

/**
 * Withdrawals (spec-2 "withdrawal (charge)"). A request holds its amount: `modules/withdrawals`
 * takes it out of the wallet (a `withdraw` ledger row) in the transaction that inserts the row, so
 * settling (request → paid, with the payout's txid) never touches the balance. At most one open
 * request per user; the address is the one set when it was requested.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    /** The wallet balance just after the amount was held (the user's "left"). */
    balanceAfterCents: cents('balance_after_cents').notNull(),
    status: text('status').$type<'request' | 'paid'>().notNull().default('request'),
    addressType: text('address_type').$type<'USDT-ERC20' | 'USDT-TRC20'>().notNull(),
    address: text('address').notNull(),
    /** The operator's message to the user. */
    msg: text('msg').notNull().default(''),
    /** The payout's transaction id, set when settled. */
    txid: text('txid').notNull().default(''),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    paidAt: instant('paid_at'),
    paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Requested within 24 h of a change of the withdrawal address: not settled before this time
     * (null = not held); `note` tells the operator why.
     */
    heldUntil: instant('held_until'),
    /** The operator's note on the request ('' when none); the user never sees it. */
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('withdrawals_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'request'`),
    index('withdrawals_user_requested_idx').on(t.userId, t.requestedAt),
    index('withdrawals_requested_idx').on(t.requestedAt, t.id),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
    check('withdrawals_balance_after_non_negative', sql`${t.balanceAfterCents} >= 0`),
    check('withdrawals_status', sql`${t.status} IN ('request', 'paid')`),
    check('withdrawals_address_type', sql`${t.addressType} IN ('USDT-ERC20', 'USDT-TRC20')`),
    check('withdrawals_paid_fields', sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
  ],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The user's own pages: uploads, support tickets, traffic gifts, the lottery.
// ---------------------------------------------------------------------------------------------

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded images (tickets, avatars, prize images), kept in the database so every BFF instance
 * serves every file. `name` is generated (random hex + the extension of the detected type); the
 * type is decided from the bytes. public: anyone may fetch it (avatars, prize images); otherwise
 * the owner, admins, and the owner of a ticket that shows it.
 */
export const uploads = pgTable(
  'uploads',
  {
    name: text('name').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'ticket' | 'avatar' | 'prize'>().notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId, t.createdAt),
    check('uploads_purpose', sql`${t.purpose} IN ('ticket', 'avatar', 'prize')`),
    check('uploads_content_type', sql`${t.contentType} IN ('image/jpeg', 'image/png', 'image/webp')`),
    check('uploads_size', sql`${t.size} > 0 AND ${t.size} = octet_length(${t.content})`),
  ],
);

/** Support tickets (spec-2 feedback ticket). status: open or close; "responsed" is derived. */
export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    desc: text('desc').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    status: text('status').$type<'open' | 'close'>().notNull().default('open'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** The time of the last comment (or creation): lists sort and admins are told by it. */
    updatedAt: instant('updated_at').notNull().defaultNow(),
    closedAt: instant('closed_at'),
    closedBy: text('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tickets_user_created_idx').on(t.userId, t.createdAt),
    index('tickets_status_updated_idx').on(t.status, t.updatedAt),
    // The admin's list: open before closed, newest activity first (read backwards).
    index('tickets_list_idx').on(sql`(${t.status} = 'open')`, t.updatedAt, t.id),
    check('tickets_status', sql`${t.status} IN ('open', 'close')`),
    check('tickets_closed_fields', sql`(${t.status} = 'close') = (${t.closedAt} IS NOT NULL)`),
  ],
);

/** The comment thread of a ticket; `fromAdmin` is the author's role when they wrote it. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromAdmin: boolean('from_admin').notNull(),
    desc: text('desc').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.id)],
);

/**
 * Traffic gifts (spec-2 push). The sender's permanent traffic falls by `amount` when the gift is
 * made (push_spend); the receiver gains `amount - fee` (push_receive). Codes are 128-bit random.
 */
export const gifts = pgTable(
  'gifts',
  {
    code: text('code').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bytes('amount').notNull(),
    fee: bytes('fee').notNull(),
    /** amount - fee: what the receiver gets. */
    received: bytes('received').notNull(),
    costRate: doublePrecision('cost_rate').notNull(),
    status: text('status').$type<'created' | 'received'>().notNull().default('created'),
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    receivedAt: instant('received_at'),
  },
  (t) => [
    index('gifts_sender_idx').on(t.senderId, t.createdAt),
    index('gifts_receiver_idx').on(t.receiverId),
    check('gifts_status', sql`${t.status} IN ('created', 'received')`),
    check(
      'gifts_amounts',
      sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.received} = ${t.amount} - ${t.fee} AND ${t.received} >= 0`,
    ),
    check('gifts_received_fields', sql`(${t.status} = 'received') = (${t.receivedAt} IS NOT NULL)`),
  ],
);

/** Lottery prizes (spec-2 prize). Traffic in bytes (the API speaks G); a deleted prize stays for its draws. */
export const prizes = pgTable(
  'prizes',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    gainTraffic: bytes('gain_traffic').notNull().default(0),
    gainVipTime: integer('gain_vip_days').notNull().default(0),
    weight: integer('weight').notNull().default(1),
    desc: text('desc').notNull().default(''),
    hasDiscountCoupon: boolean('has_discount_coupon').notNull().default(false),
    discountValue: doublePrecision('discount_value').notNull().default(1),
    discountDuration: integer('discount_duration_days').notNull().default(1),
    photoUrl: text('photo_url').notNull().default(''),
    createdAt: instant('created_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    check('prizes_amounts', sql`${t.gainTraffic} >= 0 AND ${t.gainVipTime} >= 0 AND ${t.weight} >= 0`),
    check('prizes_discount', sql`${t.discountValue} >= 0 AND ${t.discountValue} <= 1 AND ${t.discountDuration} >= 1`),
  ],
);

/** One lottery draw: what it cost and what it gave (a snapshot of the prize at the time). */
export const prizeDraws = pgTable(
  'prize_draws',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prizeId: text('prize_id').references(() => prizes.id, { onDelete: 'set null' }),
    prizeName: text('prize_name').notNull(),
    cost: bytes('cost').notNull(),
    gainTraffic: bytes('gain_traffic').notNull(),
    gainVipTime: integer('gain_vip_days').notNull(),
    couponId: text('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('prize_draws_user_idx').on(t.userId, t.createdAt), index('prize_draws_day_idx').on(t.day)],
);

export type UploadRow = typeof uploads.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type TicketCommentRow = typeof ticketComments.$inferSelect;
export type GiftRow = typeof gifts.$inferSelect;
export type PrizeRow = typeof prizes.$inferSelect;
export type PrizeDrawRow = typeof prizeDraws.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Scale-out: state every instance shares.
// ---------------------------------------------------------------------------------------------

/**
 * Rate-limit counters shared by every instance on PostgreSQL (rate-limiter-flexible's Drizzle
 * store: one atomic upsert per hit). On PGlite the counters stay in the one process's memory.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/** The last run of each background job (written by the instance that owns the jobs): /readyz and stall checks read it. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  owner: text('owner').notNull(),
  lastRunAt: instant('last_run_at').notNull(),
  lastOk: boolean('last_ok').notNull(),
  lastError: text('last_error').notNull().default(''),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Passkeys (WebAuthn) as a staff second factor (issue 25, migration 0019).
// ---------------------------------------------------------------------------------------------

/**
 * A staff member's passkeys: the credential id (base64url, as the browser names it), its COSE
 * public key and the authenticator's signature counter (a counter that does not grow is refused).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_id_idx').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge waiting for the browser's answer (5 minutes, database time; used once):
 * registering a passkey and a step-up check are bound to the session (sha256 of its token), a
 * login to its ticket (sha256 of the ticket).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'register' | 'login' | 'check'>().notNull(),
    binding: text('binding').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose', sql`${t.purpose} IN ('register', 'login', 'check')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Notifications (issue 28, modules/notifications, migration 0023).
// ---------------------------------------------------------------------------------------------

/**
 * The outbox: an event written in the transaction of what caused it. The job owner fans each one
 * out into deliveries once (fanned_out_at), then delivers them. `dedupe_key` makes an event that a
 * periodic check finds again (a plan expiring in 3 days) one event.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: text('id')
      .primaryKey()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    event: text('event').notNull(),
    /**
     * The user the event concerns (user events go to them); null for the service's own events.
     * No foreign key (migration 0025): its check takes a share lock on the user's row, so writing
     * an event would wait for any transaction holding that row (a traffic push, a wallet change).
     * A log row needs no such wait; a deleted user's events find no one to tell.
     */
    userId: text('user_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key').unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
    fannedOutAt: instant('fanned_out_at'),
  },
  (t) => [
    index('notification_events_pending_idx')
      .on(t.createdAt)
      .where(sql`fanned_out_at IS NULL`),
    index('notification_events_created_idx').on(t.createdAt),
  ],
);

/** One event to one receiver: a webhook URL, a Telegram chat, an e-mail address. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'webhook' | 'telegram' | 'mail'>().notNull(),
    target: text('target').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').defaultNow(),
    lastAnswer: text('last_answer').notNull().default(''),
    sentAt: instant('sent_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_event_target_uq').on(t.eventId, t.channel, t.target),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('notification_deliveries_newest_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** One-time Telegram bind codes (the deep link's start parameter), kept as sha256, 10 minutes. */
export const telegramBindCodes = pgTable('telegram_bind_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: instant('expires_at').notNull(),
});
