import { Type, type Static } from '@sinclair/typebox';
import { CHANNEL_REWARD_RATE } from '../constants.js';

/**
 * The back office's users (spec-2 §2 item 5, §3 "User (admin)" and "Channel (admin)", §7
 * /api/admin/users/*). Every request schema is an allowlist (`additionalProperties: false`): the
 * BFF drops nothing silently, a field the screen does not offer is a 4001.
 */

/** A user id (24 hex characters; seeded users may carry readable ids). */
export const UserId = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });

/**
 * One user as the operator sees it: the fields of spec-2's "User (admin)" except
 * `dailyDescribKey`, which the spec names without saying what it holds (the subscription key is
 * `userkey`). Never the password hash or anything of the sessions.
 */
export interface AdminUser {
  _id: string;
  email: string;
  /** admin, normal, channel, yunying or null (shown, never edited here). */
  type: 'admin' | 'normal' | 'channel' | 'yunying' | null;
  disable: boolean;
  scale: number;
  /** The inviter's code recorded at sign-up. */
  channel_code: string;
  /** The user's own invite code, when they have a channel. */
  own_channel_code: string | null;
  createTime: string;
  paidUser: boolean;
  is_agency: boolean;
  /** Yuan (two decimals). */
  wallet_money: number;
  /** Bytes. */
  spendTraffic: number;
  /** Bytes. */
  traffic: number;
  vipExpireTime: string | null;
  lastActiveTime: string | null;
  /** The address of the first page the visitor opened (with its ?c=), recorded at sign-up; '' when unknown. */
  first_url: string;
  /** The portal page the user last opened (a route, '/shop'), as of the last use of a session; '' when unknown. */
  last_url: string;
  /** The secret part of the user's subscription links (the debug subscription opens one). */
  userkey: string;
  canChangeDescribeKey: boolean;
  canChangePassword: boolean;
  normalPermission: boolean;
  /** The special speed limit: the daily allowance below is the operator's. */
  specialDailyUnlimitTraffic: boolean;
  /** Daily allowance of time packages, GB (the default 50 when none was set). */
  dailyUnlimitTraffic: number;
  forceReward: boolean;
  /** Subscription devices the operator allows (0: the package's count applies). */
  deviceNum: number;
  /** The device count of the user's package, kept at purchase (0: no limit). */
  packageDeviceNum: number;
  /** /api/admin/users/user only: bytes of images the user keeps stored (their UPLOAD_QUOTA_MB counts these). */
  uploadBytes?: number;
}

/**
 * The most users one userlist call answers: at 100,000 users a list of all of them took over 13 s
 * and hundreds of MB (issue 23); more than this is found with the text and date filters.
 */
export const USER_LIST_MAX = 10_000;

/** /api/admin/users/userlist: newest first; `number` defaults to 100, at most USER_LIST_MAX. */
export const UserListRequest = Type.Object(
  {
    number: Type.Optional(Type.Integer({ minimum: 1, maximum: USER_LIST_MAX })),
    /** Part of the e-mail, the id, the inviter's code or the user's own code. */
    filterStr: Type.Optional(Type.String({ maxLength: 254 })),
    /** createTime from / to, milliseconds. */
    fromTimestamp: Type.Optional(Type.Integer({ minimum: 0 })),
    toTimestamp: Type.Optional(Type.Integer({ minimum: 0 })),
    /**
     * Ours (issue 27): only users whose subscription was fetched from at least this many addresses,
     * or by this many hardware ids, in the last 24 hours: the sign of a shared link.
     */
    sharedFrom: Type.Optional(Type.Integer({ minimum: 2, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type UserListRequest = Static<typeof UserListRequest>;

/** /api/admin/users/get_user_channel */
export const UserChannelRequest = Type.Object({ user_id: UserId }, { additionalProperties: false });
export type UserChannelRequest = Static<typeof UserChannelRequest>;

/** /api/admin/users/user */
export const UserRequest = Type.Object({ uid: UserId }, { additionalProperties: false });
export type UserRequest = Static<typeof UserRequest>;

/** A user's invite channel; rate and duration are the settings' defaults where the channel has none. */
export interface AdminChannel {
  user_id: string;
  email: string;
  code: string;
  name: string;
  rewardRate: number;
  /** Days after an invitee's sign-up during which their purchases earn the rebate. */
  comsumerDuration: number;
}

/** get_user_channel: the channel, or null when the user has none yet (with the defaults to start from). */
export interface UserChannelAnswer {
  channel: AdminChannel | null;
  defaults: { rewardRate: number; comsumerDuration: number };
}

/** /api/admin/users/update_channel: creates the user's channel when they have none. */
export const ChannelUpdate = Type.Object(
  {
    user_id: UserId,
    /** Unique across channels; what invite links carry (?c=). */
    code: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z_\\-]+$' }),
    name: Type.String({ maxLength: 64 }),
    rewardRate: Type.Number({ minimum: CHANNEL_REWARD_RATE.dialogMin, maximum: CHANNEL_REWARD_RATE.max }),
    comsumerDuration: Type.Integer({ minimum: 0, maximum: 36_500 }),
  },
  { additionalProperties: false },
);
export type ChannelUpdate = Static<typeof ChannelUpdate>;

/**
 * /api/admin/users/update_user: exactly what the edit dialog offers. Never type, wallet money,
 * userkey, e-mail or password. A change of `traffic` or `vipExpireTime` is written to the user's
 * traffic records as an `admin_adjust` record.
 */
export const UserUpdate = Type.Object(
  {
    _id: UserId,
    disable: Type.Boolean(),
    scale: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    paidUser: Type.Boolean(),
    is_agency: Type.Boolean(),
    /** Bytes (the dialog edits GB and keeps the bytes when the figure is not touched). */
    traffic: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    /** ISO 8601 instant, or null for none. */
    vipExpireTime: Type.Union([Type.String({ minLength: 10, maxLength: 40 }), Type.Null()]),
    specialDailyUnlimitTraffic: Type.Boolean(),
    /** GB a day; applied only with the special speed limit on. */
    dailyUnlimitTraffic: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    normalPermission: Type.Boolean(),
    canChangePassword: Type.Boolean(),
    canChangeDescribeKey: Type.Boolean(),
    forceReward: Type.Boolean(),
    /** Subscription devices allowed (0: the package's count); left as it is when absent. */
    deviceNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    /**
     * The traffic (bytes) the dialog was opened with. With it, traffic is written only when the
     * operator changed the figure, and then as that change (new - loaded) on what the user has
     * now: traffic the user gained or used meanwhile (a coupon, a gift) is never overwritten.
     */
    loadedTraffic: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    /** The VIP time the dialog was opened with: VIP time is written only when the operator changed it. */
    loadedVipExpireTime: Type.Optional(Type.Union([Type.String({ minLength: 10, maxLength: 40 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdate>;

/**
 * /api/admin/users/change_password. The spec's client "transforms" the password before sending;
 * ours sends it as typed, over TLS, and the BFF hashes it (argon2id) like every password.
 */
export const AdminChangePassword = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 8, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type AdminChangePassword = Static<typeof AdminChangePassword>;
