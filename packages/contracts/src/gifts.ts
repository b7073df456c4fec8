/**
 * Traffic gifts (spec-2 §2 "traffic gifting", §3 "push", §4 gift state, §5 gift rules, §8 gift
 * codes): the values both sides need, without the TypeBox runtime (the schemas are in api/gifts.ts).
 */

/** created: not accepted yet; received: someone received it (spec-2 §4). */
export const giftStates = ['created', 'received'] as const;
export type GiftState = (typeof giftStates)[number];

/** The most G one gift may carry (its bytes stay far below 2^53). */
export const GIFT_MAX_GB = 1_000_000;
/** The longest code the receive call accepts (ours are 32 hex characters). */
export const GIFT_CODE_MAX_LENGTH = 64;

export const giftMessages = {
  /** spec-2 §5 (1037). */
  belowMinimum: (minGb: number) => `最低转赠${minGb}G`,
  // Ours: spec-2 §8 describes these codes only in English.
  /** 1038 */
  notEnough: '可转赠的不限时流量不足（只有不限时流量可以转赠）',
  /** 1039 */
  tooFrequent: '操作过于频繁，请稍后再试',
  /** 1040 */
  codeInvalid: '转赠码不存在或已失效',
  /** 1040: the sender's own code. */
  ownCode: '不能领取自己的转赠码',
  /** 999 */
  unknown: '未知错误',
  /** spec-2 §4: created = not accepted yet. */
  states: { created: '未领取', received: '已领取' } satisfies Record<GiftState, string>,
} as const;
