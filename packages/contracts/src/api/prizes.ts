import { Type, type Static } from '@sinclair/typebox';
import { PRIZE_MAX_TRAFFIC_G } from '../prizes.js';

/**
 * The lottery. Operations (spec-2 §2 item 15, §3 "prize", §7 /api/yunying/prize/*): prizes with
 * traffic in G as the screen edits it. Users (ours: the spec has prizes, prizeBaseCost and the
 * records prize_spend / prize_reward but no user screen): /api/prize/info and /api/prize/draw,
 * traffic in bytes as every other user call.
 */

const ObjectId = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });

/** A prize as the operations screen lists and edits it. */
export interface AdminPrize {
  _id: string;
  name: string;
  /** G (1 G = 1024^3 bytes). */
  gainTraffic: number;
  /** VIP days. */
  gainVipTime: number;
  /** Its chance is weight / the sum of every prize's weight (0: never drawn). */
  weight: number;
  desc: string;
  hasDiscountCoupon: boolean;
  /** The winner's discount coupon: price multiplier 0–1 in steps of 0.1 (shown ×100 as a percent). */
  discountValue: number;
  /** Days the coupon stays valid after the draw. */
  discountDuration: number;
  /** '/api/file/downloads/<name>' or ''. */
  photoUrl: string;
}

/**
 * POST /api/yunying/prize/update: the allowlist of the prize dialog. Without `_id` (or with '')
 * it creates; with one it changes that prize. The image must be one the operator uploaded for
 * 'prize', unless it is the one the prize already shows.
 */
export const PrizeUpdate = Type.Object(
  {
    _id: Type.Optional(Type.Union([ObjectId, Type.Literal('')])),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** G, whole or decimal; stored as bytes. */
    gainTraffic: Type.Number({ minimum: 0, maximum: PRIZE_MAX_TRAFFIC_G }),
    gainVipTime: Type.Integer({ minimum: 0, maximum: 36_500 }),
    weight: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    desc: Type.String({ maxLength: 500 }),
    hasDiscountCoupon: Type.Boolean(),
    /** 0–1, step 0.1 (the BFF refuses other steps, and 0 when the coupon is on). */
    discountValue: Type.Number({ minimum: 0, maximum: 1 }),
    discountDuration: Type.Integer({ minimum: 1, maximum: 3650 }),
    photoUrl: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type PrizeUpdate = Static<typeof PrizeUpdate>;

/** A prize a user can win, as the lottery page shows it. */
export interface PrizeOffer {
  _id: string;
  name: string;
  desc: string;
  photoUrl: string;
  /** Bytes. */
  gainTraffic: number;
  gainVipTime: number;
  hasDiscountCoupon: boolean;
  discountValue: number;
  discountDuration: number;
  /** weight / Σ weight, 0–1. */
  probability: number;
}

/** The discount coupon a draw issued to its winner (only they can use it, once). */
export interface PrizeCoupon {
  code: string;
  discount: number;
  expireTime: string;
}

/** One draw of the user's: what it cost and what it gave (as the prize was then). */
export interface PrizeDraw {
  _id: string;
  prizeName: string;
  /** The prize's image now ('' when none, or the prize was deleted). */
  photoUrl: string;
  /** Bytes of permanent traffic the draw cost. */
  cost: number;
  /** Bytes won. */
  gainTraffic: number;
  gainVipTime: number;
  coupon: PrizeCoupon | null;
  time: string;
}

/** POST /api/prize/info. */
export interface PrizeInfo {
  /** Bytes one draw costs (setting prizeBaseCost, in G). */
  cost: number;
  /** Bytes of permanent traffic the user could spend now (time-limited trial traffic excluded). */
  permanentTraffic: number;
  /** Only paid users may draw (1109 otherwise). */
  paidUser: boolean;
  /** Prizes with a weight above 0, in the screen's order. */
  prizes: PrizeOffer[];
  /** The user's latest draws, newest first. */
  draws: PrizeDraw[];
}

/** POST /api/prize/draw: one draw, paid with `cost` bytes of permanent traffic. */
export interface PrizeDrawResult {
  draw: PrizeDraw;
  permanentTraffic: number;
}
