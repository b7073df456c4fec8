import { Type, type Static } from '@sinclair/typebox';
import { couponTypes } from '../constants.js';

/**
 * The operations screens of coupons and coupon records (spec-2 §2 items 13 and 14, §3 "coupon",
 * "coupon use record", §7 /api/yunying/coupon/*). Open to admin and yunying. Money on the wire is
 * yuan (at most two decimals), traffic bytes, times ISO strings.
 */

export type CouponType = (typeof couponTypes)[number];

/** A coupon as the operations screen lists it (newest createTime first). */
export interface AdminCoupon {
  _id: string;
  name: string;
  type: CouponType;
  code: string;
  /** Made for the Taobao shop (created in batches with random codes). */
  taobao: boolean;
  /** freeUse: bytes added. */
  traffic: number;
  /** freeUse: the traffic lapses `traffixLimitTime` hours after redemption. */
  traffixHaveLimitTime: boolean;
  traffixLimitTime: number;
  /** freeTime: VIP days added. */
  vipDay: number;
  /** cash: yuan off an order. */
  forMoney: number;
  /** discount: price multiplier, 0.1 to 1 (0.9 = 9.0折). */
  discount: number;
  useNumPerUser: number;
  /** Total uses allowed. */
  NumberOfAuthorizations: number;
  /** Uses so far (restored uses given back). */
  authTimes: number;
  /** null: never expires. */
  expireTime: string | null;
  createTime: string;
}

/** The most coupons one Taobao batch creates. */
export const COUPON_BATCH_MAX = 1000;

const ObjectId = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });
const Count = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
/** An instant with its offset, as `Date.prototype.toISOString` writes it. */
const Instant = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
});

/**
 * POST /api/yunying/coupon/update_coupon: the allowlist of the coupon dialog. Without `_id` (or
 * with '') it creates; with one it changes that coupon. A new Taobao coupon is a batch:
 * `batchCount` coupons, each with a fresh random code (the `code` sent is ignored). Any other
 * field (authTimes, createTime…) is refused.
 */
export const CouponUpdate = Type.Object(
  {
    _id: Type.Optional(Type.Union([ObjectId, Type.Literal('')])),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Union(couponTypes.map((t) => Type.Literal(t))),
    /** No spaces; required unless a Taobao batch is created. */
    code: Type.String({ maxLength: 64, pattern: '^\\S*$' }),
    taobao: Type.Boolean(),
    /** Bytes (the screen edits GB). */
    traffic: Type.Integer({ minimum: 0, maximum: 1024 ** 5 }),
    traffixHaveLimitTime: Type.Boolean(),
    /** Hours. */
    traffixLimitTime: Count(0, 87_600),
    vipDay: Count(0, 36_500),
    /** Yuan, at most two decimals (the BFF refuses fractions of a cent). */
    forMoney: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    discount: Type.Number({ minimum: 0.1, maximum: 1 }),
    /** The database keeps at least one use per user. */
    useNumPerUser: Count(1, 1_000_000),
    /** Never below the uses already made. */
    NumberOfAuthorizations: Count(0, 100_000_000),
    /** null: never expires. The screen sends the end of the chosen day. */
    expireTime: Type.Union([Instant, Type.Null()]),
    /** Taobao, on creation only: how many coupons to create (default 1). */
    batchCount: Type.Optional(Count(1, COUPON_BATCH_MAX)),
  },
  { additionalProperties: false },
);
export type CouponUpdate = Static<typeof CouponUpdate>;

/** POST /api/yunying/coupon/delete_coupon: several at once ("delete all currently listed"). */
export const CouponDeleteRequest = Type.Object(
  { id_list: Type.Array(ObjectId, { minItems: 1, maxItems: 10_000 }) },
  { additionalProperties: false },
);
export type CouponDeleteRequest = Static<typeof CouponDeleteRequest>;

export interface CouponsDeleted {
  deletedCount: number;
}

/** The most coupons one coupon_list answers (issue 23: 20,000 coupons in one answer took 1.45 s). */
export const COUPON_LIST_MAX = 5000;
/** What coupon_list answers without `limit`: a whole Taobao batch (COUPON_BATCH_MAX) fits. */
export const COUPON_LIST_DEFAULT = 1000;

/**
 * POST /api/yunying/coupon/coupon_list. The spec sends nothing and gets every coupon; this portal
 * answers the newest `limit` (COUPON_LIST_DEFAULT when absent) of the type and Taobao flag asked
 * for (absent or '': any), newest createTime first, so an answer stays bounded however many
 * coupons exist. `{}` is still a valid request.
 */
export const CouponListRequest = Type.Object(
  {
    type: Type.Optional(Type.Union([...couponTypes.map((t) => Type.Literal(t)), Type.Literal('')])),
    taobao: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Count(1, COUPON_LIST_MAX)),
  },
  { additionalProperties: false },
);
export type CouponListRequest = Static<typeof CouponListRequest>;

/** The most records coupon_record_list answers. */
export const COUPON_RECORD_LIST_MAX = 5000;

/** POST /api/yunying/coupon/coupon_record_list: the most recent `limit` uses (default 100). */
export const CouponRecordListRequest = Type.Object(
  { limit: Type.Optional(Count(1, COUPON_RECORD_LIST_MAX)) },
  { additionalProperties: false },
);
export type CouponRecordListRequest = Static<typeof CouponRecordListRequest>;

/** One use of a coupon (spec-2 §3 "coupon use record"), newest first. */
export interface CouponRecord {
  _id: string;
  /** The user's e-mail ('' when unknown; the screen shows 无). */
  email: string;
  code: string;
  type: CouponType;
  /** Bytes added (freeUse). */
  add_traffic: number;
  /** VIP days added (freeTime). */
  add_day: number;
  /** Yuan taken off an order (cash and discount). */
  add_money: number;
  /** discount coupons: the multiplier; null otherwise. */
  discount: number | null;
  time: string;
  /** Restored (已恢复): released by its order, or taken back by an operator. */
  is_delete: boolean;
  /**
   * Whether an operator can restore it now: a trial use, or a use held by an order that is still
   * unpaid. A paid order's coupon is not restorable.
   */
  restorable: boolean;
}

/** POST /api/yunying/coupon/restore_record: takes back what one use granted, once. */
export const CouponRestoreRequest = Type.Object({ id: ObjectId }, { additionalProperties: false });
export type CouponRestoreRequest = Static<typeof CouponRestoreRequest>;
