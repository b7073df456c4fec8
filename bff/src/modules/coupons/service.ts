import { Codes, messages, type RedeemCouponAnswer } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Coupon, NewCoupon } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { newObjectId } from '../../lib/random.js';
import type { TrafficService } from '../traffic/index.js';
import { couponsRepository as repo } from './repository.js';

const HOUR_MS = 60 * 60 * 1000;

export type NewCouponInput = Omit<NewCoupon, 'id' | 'authTimes' | 'createTime'>;

export interface CouponsDeps {
  db: Db;
  traffic: TrafficService;
  now?: () => Date;
}

/**
 * Trial coupons redeemed by users. A redemption is one transaction: the per-user count is read
 * under an advisory lock on (coupon, user), the total is taken by a conditional UPDATE, and the
 * traffic or VIP time, its traffic record and the use record are written together. Lock order:
 * the (coupon, user) lock, then the coupon row, then the user row.
 */
export function createCouponsService({ db, traffic, now = () => new Date() }: CouponsDeps) {
  async function redeemIn(tx: Db, userId: string, code: string): Promise<RedeemCouponAnswer> {
    const coupon = await repo.findByCode(tx, code);
    if (coupon === undefined) throw new DomainError(Codes.COUPON_NOT_FOUND, messages.coupon.notFound);
    if (coupon.type === 'cash' || coupon.type === 'discount') {
      throw new DomainError(Codes.COUPON_WRONG_TYPE, messages.coupon.wrongType);
    }
    const at = now();
    if (coupon.expireTime !== null && coupon.expireTime.getTime() <= at.getTime()) {
      throw new DomainError(Codes.COUPON_EXPIRED, messages.coupon.expired);
    }

    await repo.lockUserCoupon(tx, coupon.id, userId);
    if ((await repo.countUses(tx, coupon.id, userId)) >= coupon.useNumPerUser) {
      throw new DomainError(Codes.COUPON_USED, messages.coupon.used);
    }
    if (!(await repo.takeUse(tx, coupon.id))) throw new DomainError(Codes.COUPON_EXHAUSTED, messages.coupon.exhausted);

    const useId = newObjectId();
    const addTraffic = coupon.type === 'freeUse' ? coupon.traffic : 0;
    const addDay = coupon.type === 'freeTime' ? coupon.vipDay : 0;
    await repo.insertUse(tx, { id: useId, couponId: coupon.id, userId, code: coupon.code, type: coupon.type, addTraffic, addDay });
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

    async byId(id: string): Promise<Coupon | undefined> {
      return repo.findById(db, id);
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
