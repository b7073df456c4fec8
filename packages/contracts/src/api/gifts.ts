import { Type, type Static } from '@sinclair/typebox';
import { GIFT_CODE_MAX_LENGTH, GIFT_MAX_GB, type GiftState } from '../gifts.js';

/**
 * Traffic gifts (spec-2 §3 "push", §7 /api/push/list, /create, /receive). Amounts of a gift on
 * the wire are bytes; the create call takes whole G (1 G = 1024^3 bytes), as the dialog asks.
 */

/** /api/push/create: whole G of the sender's permanent traffic (at least `minPushNum`). */
export const PushCreateRequest = Type.Object(
  { pushNumber: Type.Integer({ minimum: 1, maximum: GIFT_MAX_GB }) },
  { additionalProperties: false },
);
export type PushCreateRequest = Static<typeof PushCreateRequest>;

/** The gift dialog's form: the amount as typed, whole G (the minimum and the traffic left are the account's). */
export const GiftAmountForm = Type.Object({ pushNumber: Type.String({ pattern: '^[0-9]+$', maxLength: 9 }) });
export type GiftAmountForm = Static<typeof GiftAmountForm>;

/** /api/push/receive: the code as the sender passed it on (spaces around it are ignored). */
export const PushReceiveRequest = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: GIFT_CODE_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type PushReceiveRequest = Static<typeof PushReceiveRequest>;

/** One gift card: a gift the user made, or one the user received. */
export interface Gift {
  /** 128 random bits as 32 hex characters. */
  code: string;
  /** Bytes the sender gave (their permanent traffic fell by this much). */
  pushNumber: number;
  /** Bytes the platform kept: round(pushNumber × costRate). */
  fee: number;
  /** Bytes the receiver gets: pushNumber − fee. */
  receiveNumber: number;
  /** The fee rate when the gift was made. */
  costRate: number;
  state: GiftState;
  createTime: string;
  receiveTime: string | null;
  /** sent: the user made it; received: the user received it. */
  direction: 'sent' | 'received';
}

/** /api/push/list: the rules and the user's gift cards (made or received), newest first. */
export interface PushList {
  /** The smallest gift, in G (setting minPushNum). */
  minPushNum: number;
  /** The platform's fee rate (setting costRate, 0.2 = 20 %). */
  costRate: number;
  /** Bytes of permanent traffic the user could give now (time-limited trial traffic excluded). */
  permanentTraffic: number;
  pushList: Gift[];
}
