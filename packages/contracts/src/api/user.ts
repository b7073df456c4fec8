import { Type, type Static } from '@sinclair/typebox';

export const UserType = Type.Union([
  Type.Literal('admin'),
  Type.Literal('normal'),
  Type.Literal('channel'),
  Type.Literal('yunying'),
]);

/** User info as the portal reads it (spec-1 §3 with the user fields of spec-2 §3). */
export const UserInfo = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  icon: Type.String(),
  type: Type.Optional(UserType),
  userkey: Type.String(),
  traffic: Type.Number(),
  spendTraffic: Type.Number(),
  vipExpireTime: Type.Union([Type.String(), Type.Null()]),
  dailyTimePackageUsage: Type.Number(),
  limit: Type.Number(),
  paidUser: Type.Boolean(),
  preferDomain: Type.String(),
  describe_host: Type.String(),
  /**
   * Ours: where the clients' remote rule files (Quantumult's filter, QuantumultX's rule sets) are
   * fetched from, `{content_host}/describe/...`: the contentUrl_guowai setting for a user abroad
   * (in_foreign), contentUrl_guonei otherwise; '' when unset (then beside the subscription).
   */
  content_host: Type.String(),
  channel_code: Type.String(),
  is_agency_user: Type.Boolean(),
  inXinjiang: Type.Boolean(),
  in_foreign: Type.Boolean(),
  use_english_node: Type.Boolean(),
  haveContinueSignUseData: Type.Number(),
  signUseToday: Type.Boolean(),
  /** continueSignReward: the streak bonus in MB (the setting of the same name). */
  signUseRewardInfo: Type.Object({ continueSignReward: Type.Number() }),
  /** The profile's Telegram binding (spec-2 §2): bound or not, and the bound account's name. */
  telegram_bound: Type.Optional(Type.Boolean()),
  telegram_name: Type.Optional(Type.String()),
  /** A new e-mail address awaiting its mailed confirmation (change_use_info); null when none. */
  pending_email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Ours (issue 25): the caller's back-office role and permissions; null for everyone else. */
  staff: Type.Optional(
    Type.Union([
      Type.Object({
        role: Type.String(),
        roleName: Type.String(),
        owner: Type.Boolean(),
        permissions: Type.Array(Type.String()),
      }),
      Type.Null(),
    ]),
  ),
});
export type UserInfo = Static<typeof UserInfo>;

export const Permission = Type.Object({
  id: Type.String(),
  name: Type.String(),
  desc: Type.String(),
  expireTime: Type.String(),
});
export type Permission = Static<typeof Permission>;

export const LoginRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type LoginRequest = Static<typeof LoginRequest>;

export const EmptyRequest = Type.Object({});

/** `?token=` from the address: a session token handed over so the BFF can set its cookie. */
export const AdoptTokenRequest = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) });
export type AdoptTokenRequest = Static<typeof AdoptTokenRequest>;
