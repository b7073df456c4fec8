import { randomInt } from 'node:crypto';
import { Codes, messages, RANDOM_CODE_LENGTH, shopMessages, type RedeemCouponAnswer } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Coupon, NewCoupon } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { floorPart } from '../../lib/money.js';
import { newObjectId } from '../../lib/random.js';
import type { TrafficService } from '../traffic/index.js';
import { couponsRepository as repo } from './repository.js';

const HOUR_MS = 60 * 60 * 1000;

/** Uppercase letters, as the coupon screen's random button makes them (`randomLetters` of @portal/platform). */
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A fresh code colliding this often means the code space is nearly full: stop rather than spin. */
const CODE_ATTEMPTS = 20;

/** A random coupon code of spec-2 §9's length (6), drawn with crypto randomness. */
export function randomCouponCode(): string {
  let code = '';
  for (let i = 0; i < RANDOM_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Trial coupons are redeemed directly; cash and discount coupons only on orders. */
type CouponUse = 'trial' | 'order';
type Refusal = 'notFound' | 'wrongType' | 'expired' | 'perUser' | 'exhausted';
const ORDER_TYPES: ReadonlySet<Coupon['type']> = new Set(['cash', 'discount']);

const REFUSALS: Record<CouponUse, Record<Refusal, [number, string]>> = {
  // A cash or discount code answers like a code that does not exist: redeem must not tell a guesser
  // which codes are worth money on an order (spec-1 §8's 1016 体验券不存在).
  trial: {
    notFound: [Codes.COUPON_NOT_FOUND, messages.coupon.notFound],
    wrongType: [Codes.COUPON_NOT_FOUND, messages.coupon.notFound],
    expired: [Codes.COUPON_EXPIRED, messages.coupon.expired],
    perUser: [Codes.COUPON_USED, messages.coupon.used],
    exhausted: [Codes.COUPON_EXHAUSTED, messages.coupon.exhausted],
  },
  // spec-2 §8: on an order, the per-user limit and an exhausted coupon are both 1017.
  order: {
    notFound: [Codes.COUPON_NOT_FOUND, shopMessages.coupon.other],
    wrongType: [Codes.COUPON_TRIAL_ON_ORDER, shopMessages.coupon.trialOnOrder],
    expired: [Codes.COUPON_EXPIRED, shopMessages.coupon.expired],
    perUser: [Codes.COUPON_USED, shopMessages.coupon.limit],
    exhausted: [Codes.COUPON_USED, shopMessages.coupon.limit],
  },
};

export type NewCouponInput = Omit<NewCoupon, 'id' | 'authTimes' | 'createTime'>;

export interface CouponsDeps {
  db: Db;
  traffic: TrafficService;
  now?: () => Date;
}

/**
 * Trial coupons redeemed by users, and cash/discount coupons taken by orders. A use is taken in
 * one transaction: the per-user count is read under an advisory lock on (coupon, user), the total
 * is taken by a conditional UPDATE, and the use record (and for trial coupons the traffic or VIP
 * time with its traffic record) is written with it. Lock order: the (coupon, user) lock, then the
 * coupon row, then the user row (orders lock their order row before all of these).
 */
export function createCouponsService({ db, traffic, now = () => new Date() }: CouponsDeps) {
  /** Finds a coupon by code and takes one of its uses for the user, or refuses with the use's codes. */
  async function claimUse(tx: Db, userId: string, code: string, use: CouponUse): Promise<Coupon> {
    const refuse = (reason: Refusal): never => {
      const [errorCode, message] = REFUSALS[use][reason];
      throw new DomainError(errorCode, message);
    };
    const coupon = await repo.findByCode(tx, code);
    // A coupon issued to one user (a lottery prize) does not exist for anyone else.
    if (coupon === undefined || (coupon.ownerId !== null && coupon.ownerId !== userId)) return refuse('notFound');
    if (ORDER_TYPES.has(coupon.type) !== (use === 'order')) refuse('wrongType');
    if (coupon.expireTime !== null && coupon.expireTime.getTime() <= now().getTime()) refuse('expired');

    await repo.lockUserCoupon(tx, coupon.id, userId);
    if ((await repo.countUses(tx, coupon.id, userId)) >= coupon.useNumPerUser) refuse('perUser');
    if (!(await repo.takeUse(tx, coupon.id))) refuse('exhausted');
    return coupon;
  }

  async function redeemIn(tx: Db, userId: string, code: string): Promise<RedeemCouponAnswer> {
    const coupon = await claimUse(tx, userId, code, 'trial');
    const at = now();
    const useId = newObjectId();
    const addTraffic = coupon.type === 'freeUse' ? coupon.traffic : 0;
    const addDay = coupon.type === 'freeTime' ? coupon.vipDay : 0;
    await repo.insertUse(tx, {
      id: useId,
      couponId: coupon.id,
      userId,
      code: coupon.code,
      type: coupon.type,
      addTraffic,
      addDay,
    });
    if (addDay > 0) await traffic.extendVip(tx, userId, addDay);
    await traffic.credit(tx, {
      userId,
      bytes: addTraffic,
      type: 'coupon',
      desc: addDay > 0 ? `兑换体验券「${coupon.name}」，会员时长 +${addDay} 天` : `兑换体验券「${coupon.name}」`,
      ...(coupon.traffixHaveLimitTime && addTraffic > 0
        ? {
            grant: {
              expiresAt: new Date(at.getTime() + coupon.traffixLimitTime * HOUR_MS),
              source: 'coupon',
              sourceId: useId,
            },
          }
        : {}),
    });
    return { name: coupon.name, traffic: addTraffic, day: addDay, type: coupon.type };
  }

  return {
    async redeem(userId: string, code: string): Promise<RedeemCouponAnswer> {
      return db.transaction((tx) => redeemIn(tx, userId, code.trim()));
    },

    /** Creates a coupon; false when its code is taken. */
    async create(input: NewCouponInput): Promise<{ created: boolean; id: string }> {
      const id = newObjectId();
      return { created: await repo.insertIfCodeFree(db, { ...input, id }), id };
    },

    /**
     * Takes a use of a cash or discount coupon for an order, in the caller's transaction (the
     * order row is locked by then). The discount never exceeds the price: cash up to the price,
     * discount coupons floor(price × (1 - discount)).
     */
    async takeForOrder(
      tx: Db,
      { userId, orderId, code, priceCents }: { userId: string; orderId: string; code: string; priceCents: number },
    ): Promise<{ coupon: Coupon; discountCents: number }> {
      const coupon = await claimUse(tx, userId, code.trim(), 'order');
      const discountCents =
        coupon.type === 'cash'
          ? Math.min(coupon.forMoneyCents, priceCents)
          : Math.min(floorPart(priceCents, 1 - coupon.discount), priceCents);
      await repo.insertUse(tx, {
        id: newObjectId(),
        couponId: coupon.id,
        userId,
        orderId,
        code: coupon.code,
        type: coupon.type,
        addMoneyCents: discountCents,
        discount: coupon.type === 'discount' ? coupon.discount : null,
      });
      return { coupon, discountCents };
    },

    /** Releases the use an order holds (its record marked deleted, the use given back); false when it held none. */
    async releaseForOrder(tx: Db, orderId: string): Promise<boolean> {
      const couponId = await repo.deleteUseOfOrder(tx, orderId);
      if (couponId === undefined) return false;
      await repo.giveBackUse(tx, couponId);
      return true;
    },

    /**
     * Creates a coupon with a fresh random code (drawn again while the code is taken), e.g. a
     * lottery prize's discount coupon issued to its winner (`ownerId`), in the caller's transaction
     * `tx`: a draw that fails or is cut short leaves no coupon behind.
     */
    async issue(tx: Db, input: Omit<NewCouponInput, 'code'>): Promise<Coupon> {
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const coupon = { ...input, id: newObjectId(), code: randomCouponCode() };
        if (await repo.insertIfCodeFree(tx, coupon)) return (await repo.findById(tx, coupon.id))!;
      }
      throw new Error(`no free coupon code after ${CODE_ATTEMPTS} attempts`);
    },

    async byId(id: string): Promise<Coupon | undefined> {
      return repo.findById(db, id);
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
