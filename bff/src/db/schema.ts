import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
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

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
