import { Codes, type AdminCoupon, type CouponRecord, type CouponUpdate, type CouponsDeleted } from '@portal/contracts';
import { COUPON_LIST_DEFAULT, type CouponListRequest } from '@portal/contracts/schemas';
import type { Db } from '../../db/client.js';
import type { Coupon, NewCoupon } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { centsOf, yuanOf } from '../../lib/money.js';
import { newObjectId } from '../../lib/random.js';
import type { AuditService, Operator } from '../audit/index.js';
import { couponsRepository as coupons } from '../coupons/repository.js';
import { randomCouponCode } from '../coupons/service.js';
import type { OrdersService } from '../orders/index.js';
import type { TrafficService } from '../traffic/index.js';
import { couponAdminRepository as repo, type UseRow } from './repository.js';
import { couponAdminTexts as texts } from './texts.js';

/** A fresh code colliding this often means the code space is nearly full: stop rather than spin. */
const CODE_ATTEMPTS = 20;

export function couponToWire(row: Coupon): AdminCoupon {
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    code: row.code,
    taobao: row.taobao,
    traffic: row.traffic,
    traffixHaveLimitTime: row.traffixHaveLimitTime,
    traffixLimitTime: row.traffixLimitTime,
    vipDay: row.vipDay,
    forMoney: yuanOf(row.forMoneyCents),
    discount: row.discount,
    useNumPerUser: row.useNumPerUser,
    NumberOfAuthorizations: row.numberOfAuthorizations,
    authTimes: row.authTimes,
    expireTime: row.expireTime?.toISOString() ?? null,
    createTime: row.createTime.toISOString(),
  };
}

const TRIAL: ReadonlySet<Coupon['type']> = new Set(['freeUse', 'freeTime']);
const OPEN_ORDER = new Set(['topay', 'wallet_spend']);

export function recordToWire(row: UseRow): CouponRecord {
  return {
    _id: row.id,
    email: row.email ?? '',
    code: row.code,
    type: row.type,
    add_traffic: row.addTraffic,
    add_day: row.addDay,
    add_money: yuanOf(row.addMoneyCents),
    discount: row.discount,
    time: row.createdAt.toISOString(),
    is_delete: row.isDeleted,
    restorable:
      !row.isDeleted && (TRIAL.has(row.type) || row.orderId === null || OPEN_ORDER.has(row.orderStatus ?? '')),
  };
}

/** The row fields of the dialog's values (yuan → cents, ISO → Date). */
function fieldsOf(input: CouponUpdate, code: string): Omit<NewCoupon, 'id' | 'authTimes' | 'createTime'> {
  const expireTime = input.expireTime === null ? null : new Date(input.expireTime);
  if (expireTime !== null && Number.isNaN(expireTime.getTime())) {
    throw new DomainError(Codes.INVALID_PAYLOAD, texts.badExpireTime);
  }
  return {
    name: input.name,
    type: input.type,
    code,
    taobao: input.taobao,
    traffic: input.traffic,
    traffixHaveLimitTime: input.traffixHaveLimitTime,
    traffixLimitTime: input.traffixLimitTime,
    vipDay: input.vipDay,
    forMoneyCents: centsOf(input.forMoney),
    discount: input.discount,
    useNumPerUser: input.useNumPerUser,
    numberOfAuthorizations: input.NumberOfAuthorizations,
    expireTime,
  };
}

export interface CouponAdminDeps {
  db: Db;
  traffic: TrafficService;
  orders: OrdersService;
  audit: AuditService;
}

/**
 * The operations side of coupons: list, create (a Taobao batch of N with fresh codes), edit and
 * delete coupons, list their uses and restore one. Every write runs in `audit.within`: one
 * transaction for the change and its audit rows.
 */
export function createCouponAdminService({ db, traffic, orders, audit }: CouponAdminDeps) {
  const snapshot = async (id: string) => {
    const row = await repo.lock(db, id);
    return row === undefined ? undefined : couponToWire(row);
  };

  /** Inserts a coupon with a fresh random code, drawing again while the code is taken. */
  async function insertWithFreshCode(fields: Omit<NewCoupon, 'id' | 'code'>): Promise<string> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const id = newObjectId();
      if (await coupons.insertIfCodeFree(db, { ...fields, id, code: randomCouponCode() })) return id;
    }
    throw new Error(`no free coupon code after ${CODE_ATTEMPTS} attempts`);
  }

  async function create(input: CouponUpdate): Promise<string[]> {
    if (input.taobao) {
      const { code: _ignored, ...fields } = fieldsOf(input, '');
      const ids: string[] = [];
      for (let i = 0; i < (input.batchCount ?? 1); i++) ids.push(await insertWithFreshCode(fields));
      return ids;
    }
    const code = input.code.trim();
    if (code === '') throw new DomainError(Codes.INVALID_PAYLOAD, texts.codeRequired);
    const id = newObjectId();
    if (!(await coupons.insertIfCodeFree(db, { ...fieldsOf(input, code), id }))) {
      throw new DomainError(Codes.INVALID_PAYLOAD, texts.codeTaken(code));
    }
    return [id];
  }

  async function update(id: string, input: CouponUpdate, before: Coupon): Promise<void> {
    const code = input.code.trim();
    if (code === '') throw new DomainError(Codes.INVALID_PAYLOAD, texts.codeRequired);
    if (input.NumberOfAuthorizations < before.authTimes) {
      throw new DomainError(Codes.INVALID_PAYLOAD, texts.belowUsed(before.authTimes));
    }
    if (code !== before.code && (await repo.codeTakenByAnother(db, code, id))) {
      throw new DomainError(Codes.INVALID_PAYLOAD, texts.codeTaken(code));
    }
    await repo.update(db, id, fieldsOf(input, code));
  }

  /** Takes back what a trial use granted: its traffic (what is left of it) or its VIP days. */
  async function takeBackTrial(use: UseRow, name: string): Promise<{ traffic: number; days: number }> {
    if (use.type === 'freeUse') {
      // A time-limited grant that already lapsed was taken back by its expiry.
      const grant = await traffic.settleGrant(db, 'coupon', use.id);
      const bytes = grant === 'settled' ? 0 : use.addTraffic;
      const taken = await traffic.takeBack(db, {
        userId: use.userId,
        bytes,
        type: 'coupon_restore',
        desc: texts.trafficTakenBack(name),
      });
      return { traffic: taken, days: 0 };
    }
    await traffic.shortenVip(db, use.userId, use.addDay);
    await traffic.takeBack(db, {
      userId: use.userId,
      bytes: 0,
      type: 'coupon_restore',
      desc: texts.vipTakenBack(name, use.addDay),
    });
    return { traffic: 0, days: use.addDay };
  }

  return {
    /** The newest coupons asked for (COUPON_LIST_DEFAULT when no limit): never every coupon at once. */
    async list({ type, taobao, limit = COUPON_LIST_DEFAULT }: CouponListRequest = {}): Promise<AdminCoupon[]> {
      const rows = await repo.list(db, { type: type === '' ? undefined : type, taobao, limit });
      return rows.map(couponToWire);
    },

    /** Creates (no `_id`: one coupon, or a Taobao batch) or changes a coupon; the coupons saved. */
    async save(operator: Operator, input: CouponUpdate): Promise<AdminCoupon[]> {
      return audit.within(operator, async (log) => {
        const id = input._id === undefined || input._id === '' ? undefined : input._id;
        if (id === undefined) {
          const ids = await create(input);
          const saved: AdminCoupon[] = [];
          for (const created of ids) {
            const after = (await snapshot(created))!;
            await log({ recordType: 'coupon', recordId: created, action: 'create', after });
            saved.push(after);
          }
          return saved;
        }
        const before = await repo.lock(db, id);
        if (before === undefined) throw new DomainError(Codes.NOT_FOUND, texts.couponMissing);
        await update(id, input, before);
        const after = (await snapshot(id))!;
        await log({ recordType: 'coupon', recordId: id, action: 'update', before: couponToWire(before), after });
        return [after];
      });
    },

    /**
     * Deletes the coupons, all or none (an unknown or already deleted id refuses the list): they
     * leave the list and can no longer be redeemed or used on an order, and their use records
     * (/coupon_records) and orders keep them (a soft delete, migration 0020). Their codes are free
     * for new coupons.
     */
    async remove(operator: Operator, ids: readonly string[]): Promise<CouponsDeleted> {
      const unique = [...new Set(ids)];
      return audit.within(operator, async (log) => {
        const found = await repo.lockMany(db, unique);
        if (found.length < unique.length) throw new DomainError(Codes.NOT_FOUND, texts.couponMissing);
        const deletedCount = await repo.remove(db, unique);
        for (const row of found) {
          await log({ recordType: 'coupon', recordId: row.id, action: 'delete', before: couponToWire(row) });
        }
        return { deletedCount };
      });
    },

    async records(limit: number): Promise<CouponRecord[]> {
      return (await repo.uses(db, limit)).map(recordToWire);
    },

    /**
     * Restores one use, once: a trial use's traffic (what is left of it, through the traffic
     * ledger) or VIP days are taken back and the use given back to the coupon; a cash or discount
     * use held by an unpaid order is released as cancelling the coupon on the order does; a paid
     * order's coupon is refused. Locks: the order's row first (as the orders do), then the use's;
     * concurrent restores wait on them and then find the use restored.
     */
    async restore(operator: Operator, id: string): Promise<CouponRecord> {
      return audit.within(operator, async (log) => {
        const seen = await repo.use(db, id);
        if (seen === undefined) throw new DomainError(Codes.NOT_FOUND, texts.recordMissing);
        if (seen.orderId !== null) await repo.lockOrder(db, seen.orderId);
        const use = (await repo.use(db, id, { lock: true }))!;
        if (use.isDeleted) throw new DomainError(Codes.INVALID_PAYLOAD, texts.alreadyRestored);
        let takenBack: { traffic: number; days: number; order?: string } = { traffic: 0, days: 0 };

        if (!TRIAL.has(use.type) && use.orderId !== null) {
          if (use.orderStatus === 'paied') throw new DomainError(Codes.INVALID_PAYLOAD, texts.paidOrder);
          try {
            await orders.cancelCoupon(use.userId, use.orderId);
          } catch (err) {
            if (err instanceof DomainError && err.code === Codes.ORDER_NOT_OPEN) {
              throw new DomainError(Codes.INVALID_PAYLOAD, texts.orderNotOpen);
            }
            throw err;
          }
          takenBack = { ...takenBack, order: use.orderId };
        } else {
          if (!(await repo.markRestored(db, id))) throw new DomainError(Codes.INVALID_PAYLOAD, texts.alreadyRestored);
          await coupons.giveBackUse(db, use.couponId);
          if (TRIAL.has(use.type)) {
            const coupon = await coupons.findById(db, use.couponId);
            takenBack = await takeBackTrial(use, coupon?.name ?? use.code);
          }
        }

        const after = (await repo.use(db, id))!;
        await log({
          recordType: 'coupon_use',
          recordId: id,
          action: 'action',
          detail: 'restore',
          before: recordToWire(use),
          after: { ...recordToWire(after), takenBack },
        });
        return recordToWire(after);
      });
    },
  };
}

export type CouponAdminService = ReturnType<typeof createCouponAdminService>;
