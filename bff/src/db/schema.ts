import { sql } from 'drizzle-orm';
import { couponTypes } from '@portal/contracts';
import {
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
} from 'drizzle-orm/pg-core';

/** A user's role; null in the column means "none" (a signed-up user without a type). */
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
    /** Inviter's code recorded at sign-up. */
    channelCode: text('channel_code').notNull().default(''),
    /** This user's own invite code, once they have one. */
    ownChannelCode: text('own_channel_code').unique(),
    isAgency: boolean('is_agency').notNull().default(false),
    inXinjiang: boolean('in_xinjiang').notNull().default(false),
    inForeign: boolean('in_foreign').notNull().default(false),
    useEnglishNode: boolean('use_english_node').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    canChangePassword: boolean('can_change_password').notNull().default(true),
    canChangeDescribeKey: boolean('can_change_describe_key').notNull().default(true),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    /** Wallet balance in cents. */
    walletMoney: bigint('wallet_money', { mode: 'number' }).notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastActiveAt: instant('last_active_at'),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_wallet_money_non_negative', sql`${t.walletMoney} >= 0`),
    check('users_traffic_non_negative', sql`${t.traffic} >= 0`),
    check('users_spend_traffic_non_negative', sql`${t.spendTraffic} >= 0`),
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
    expiresAt: instant('expires_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Single-use keys mailed to a user (sign-up confirmation, password change). Only the sha256 of the
 * key is stored; `id` is the link's serial_id.
 */
export const emailTokenPurpose = pgEnum('email_token_purpose', ['signup_confirm', 'change_password']);

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
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Mail kept instead of sent when no SMTP server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Operator settings: one JSON value per key; keys, types and defaults live in modules/settings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

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
    code: text('code').notNull().unique(),
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
  },
  (t) => [
    check('coupons_auth_times_in_range', sql`${t.authTimes} >= 0 AND ${t.authTimes} <= ${t.numberOfAuthorizations}`),
    check('coupons_use_num_per_user_positive', sql`${t.useNumPerUser} >= 1`),
    check('coupons_amounts_non_negative', sql`${t.traffic} >= 0 AND ${t.vipDay} >= 0 AND ${t.forMoneyCents} >= 0 AND ${t.traffixLimitTime} >= 0`),
    check('coupons_discount_range', sql`${t.discount} > 0 AND ${t.discount} <= 1`),
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
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId), index('coupon_uses_user_idx').on(t.userId)],
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
  (t) => [index('traffic_records_user_created_idx').on(t.userId, t.createdAt), index('traffic_records_day_idx').on(t.day)],
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
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type EmailToken = typeof emailTokens.$inferSelect;
export type Notice = typeof notices.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
