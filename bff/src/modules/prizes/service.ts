import { randomInt } from 'node:crypto';
import {
  Codes,
  GiB,
  PRIZE_DRAWS_SHOWN,
  type AdminPrize,
  type PrizeDraw,
  type PrizeDrawResult,
  type PrizeInfo,
  type PrizeOffer,
} from '@portal/contracts';
import type { PrizeUpdate } from '@portal/contracts/schemas';
import type { Db } from '../../db/client.js';
import type { PrizeRow } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { newObjectId } from '../../lib/random.js';
import type { AuditService, Operator } from '../audit/index.js';
import type { CouponsService } from '../coupons/index.js';
import type { SessionUser } from '../sessions/index.js';
import type { SettingsService } from '../settings/index.js';
import type { TrafficService } from '../traffic/index.js';
import type { UploadsService } from '../uploads/index.js';
import { prizesRepository as repo, type DrawWithCoupon, type PrizeFields } from './repository.js';
import { prizeTexts as texts } from './texts.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Bytes of a traffic figure in G (the screen's and prizeBaseCost's unit). */
const bytesOfG = (g: number) => Math.round(g * GiB);

export function prizeToWire(row: PrizeRow): AdminPrize {
  return {
    _id: row.id,
    name: row.name,
    // G as the operator typed it: 1.3 G is stored as whole bytes, which read back as 1.2999999998.
    gainTraffic: Number((row.gainTraffic / GiB).toFixed(6)),
    gainVipTime: row.gainVipTime,
    weight: row.weight,
    desc: row.desc,
    hasDiscountCoupon: row.hasDiscountCoupon,
    discountValue: row.discountValue,
    discountDuration: row.discountDuration,
    photoUrl: row.photoUrl,
  };
}

function drawToWire(row: DrawWithCoupon): PrizeDraw {
  return {
    _id: row.id,
    prizeName: row.prizeName,
    photoUrl: row.photoUrl ?? '',
    cost: row.cost,
    gainTraffic: row.gainTraffic,
    gainVipTime: row.gainVipTime,
    coupon:
      row.couponCode === null
        ? null
        : {
            code: row.couponCode,
            discount: row.couponDiscount ?? 1,
            expireTime: row.couponExpireTime?.toISOString() ?? '',
          },
    time: row.createdAt.toISOString(),
  };
}

/** The discount in steps of 0.1 (0.30000000000000004 is 0.3); other values are refused. */
function discountOf(input: PrizeUpdate): number {
  const tenths = Math.round(input.discountValue * 10);
  if (Math.abs(input.discountValue * 10 - tenths) > 1e-6) {
    throw new DomainError(Codes.INVALID_PAYLOAD, texts.discountStep);
  }
  // A coupon's discount is a price multiplier above 0 (the coupons table says so too).
  if (input.hasDiscountCoupon && tenths === 0) throw new DomainError(Codes.INVALID_PAYLOAD, texts.discountZero);
  return tenths / 10;
}

/**
 * One prize by weight: a uniform integer below Σ weight (crypto randomness) falls into one
 * prize's share. Prizes of weight 0 have no share and are never drawn.
 */
export function pickByWeight<T extends { weight: number }>(candidates: readonly T[], roll: (max: number) => number): T {
  const total = candidates.reduce((sum, c) => sum + c.weight, 0);
  let left = roll(total);
  for (const candidate of candidates) {
    if (left < candidate.weight) return candidate;
    left -= candidate.weight;
  }
  throw new Error(`roll beyond the total weight ${total}`);
}

export interface PrizesDeps {
  db: Db;
  traffic: TrafficService;
  coupons: CouponsService;
  settings: SettingsService;
  uploads: UploadsService;
  audit: AuditService;
  now?: () => Date;
  /** A uniform integer in [0, max); crypto.randomInt unless a test fixes it. */
  roll?: (max: number) => number;
}

/**
 * The lottery: the operators' prizes (list, create/update, soft delete, audited) and the users'
 * draws. A draw is one transaction: the cost taken from the user's permanent traffic under the
 * user's row lock (concurrent draws queue there, so together they never spend what the user does
 * not have), the prize chosen by weight on the server, its traffic and VIP days granted through
 * the traffic ledger, its discount coupon issued to the winner alone, and the draw recorded.
 */
export function createPrizesService({
  db,
  traffic,
  coupons,
  settings,
  uploads,
  audit,
  now = () => new Date(),
  roll = (max) => randomInt(max),
}: PrizesDeps) {
  async function fieldsOf(
    input: PrizeUpdate,
    operator: SessionUser,
    before: PrizeRow | undefined,
  ): Promise<PrizeFields> {
    const photoUrl =
      before !== undefined && input.photoUrl === before.photoUrl
        ? before.photoUrl
        : await uploads.ownImage(input.photoUrl, operator, 'prize');
    return {
      name: input.name,
      gainTraffic: bytesOfG(input.gainTraffic),
      gainVipTime: input.gainVipTime,
      weight: input.weight,
      desc: input.desc,
      hasDiscountCoupon: input.hasDiscountCoupon,
      discountValue: discountOf(input),
      discountDuration: input.discountDuration,
      photoUrl,
    };
  }

  async function costBytes(): Promise<number> {
    return bytesOfG(await settings.get('prizeBaseCost'));
  }

  return {
    async list(): Promise<AdminPrize[]> {
      return (await repo.list(db)).map(prizeToWire);
    },

    /** Creates (no `_id`) or changes a prize, with its audit row; the prize saved. */
    async save(operator: SessionUser, input: PrizeUpdate): Promise<AdminPrize> {
      const who: Operator = { id: operator.id, email: operator.email };
      return audit.within(who, async (log) => {
        const id = input._id === undefined || input._id === '' ? undefined : input._id;
        if (id === undefined) {
          const created = newObjectId();
          await repo.insert(db, { id: created, ...(await fieldsOf(input, operator, undefined)) });
          const after = prizeToWire((await repo.find(db, created))!);
          await log({ recordType: 'prize', recordId: created, action: 'create', after });
          return after;
        }
        const before = await repo.find(db, id, { lock: true });
        if (before === undefined) throw new DomainError(Codes.NOT_FOUND, texts.prizeMissing);
        await repo.update(db, id, await fieldsOf(input, operator, before));
        const after = prizeToWire((await repo.find(db, id))!);
        await log({ recordType: 'prize', recordId: id, action: 'update', before: prizeToWire(before), after });
        return after;
      });
    },

    /** Deletes a prize from the lottery; its draws keep what they recorded. */
    async remove(operator: Operator, id: string): Promise<void> {
      await audit.within(operator, async (log) => {
        const before = await repo.find(db, id, { lock: true });
        if (before === undefined || !(await repo.softDelete(db, id, now()))) {
          throw new DomainError(Codes.NOT_FOUND, texts.prizeMissing);
        }
        await log({ recordType: 'prize', recordId: id, action: 'delete', before: prizeToWire(before) });
      });
    },

    /** What the lottery page shows: the prizes with their chances, the cost, the user's traffic and draws. */
    async info(user: SessionUser): Promise<PrizeInfo> {
      const drawable = await repo.drawable(db);
      const total = drawable.reduce((sum, p) => sum + p.weight, 0);
      const prizes: PrizeOffer[] = drawable.map((p) => ({
        _id: p.id,
        name: p.name,
        desc: p.desc,
        photoUrl: p.photoUrl,
        gainTraffic: p.gainTraffic,
        gainVipTime: p.gainVipTime,
        hasDiscountCoupon: p.hasDiscountCoupon,
        discountValue: p.discountValue,
        discountDuration: p.discountDuration,
        probability: p.weight / total,
      }));
      return {
        cost: await costBytes(),
        permanentTraffic: await traffic.permanentBalance(db, user.id),
        paidUser: user.paidUser,
        prizes,
        draws: (await repo.draws(db, user.id, PRIZE_DRAWS_SHOWN)).map(drawToWire),
      };
    },

    /** One draw for a paid user (see the service's description); refusals spend nothing. */
    async draw(user: SessionUser): Promise<PrizeDrawResult> {
      if (!user.paidUser) throw new DomainError(Codes.PRIZE_PAID_ONLY);
      const cost = await costBytes();
      // prizeBaseCost 0 would make draws free and unlimited: the lottery is closed then.
      if (cost <= 0) throw new DomainError(Codes.PRIZE_UNAVAILABLE);
      const drawId = await db.transaction(async (tx) => {
        const candidates = await repo.drawable(tx);
        if (candidates.length === 0) throw new DomainError(Codes.PRIZE_UNAVAILABLE);
        const prize = pickByWeight(candidates, roll);
        const day = traffic.today();
        const spend = {
          userId: user.id,
          bytes: cost,
          type: 'prize_spend' as const,
          desc: texts.spend(prize.name),
          day,
        };
        await traffic.debitPermanent(tx, spend, () => new DomainError(Codes.PRIZE_NOT_ENOUGH_TRAFFIC));

        const at = now();
        const coupon = prize.hasDiscountCoupon
          ? await coupons.issue(tx, {
              name: texts.couponName(prize.name),
              type: 'discount',
              discount: prize.discountValue,
              useNumPerUser: 1,
              numberOfAuthorizations: 1,
              expireTime: new Date(at.getTime() + prize.discountDuration * DAY_MS),
              ownerId: user.id,
            })
          : undefined;
        if (prize.gainVipTime > 0) await traffic.extendVip(tx, user.id, prize.gainVipTime);
        if (prize.gainTraffic > 0 || prize.gainVipTime > 0 || coupon !== undefined) {
          await traffic.credit(tx, {
            userId: user.id,
            bytes: prize.gainTraffic,
            type: 'prize_reward',
            desc: texts.reward(prize.name, prize.gainVipTime, coupon === undefined ? null : prize.discountValue),
            day,
          });
        }
        const id = newObjectId();
        await repo.insertDraw(tx, {
          id,
          userId: user.id,
          prizeId: prize.id,
          prizeName: prize.name,
          cost,
          gainTraffic: prize.gainTraffic,
          gainVipTime: prize.gainVipTime,
          couponId: coupon?.id ?? null,
          day,
        });
        return id;
      });
      const [row] = await repo.draws(db, user.id, 1, drawId);
      return { draw: drawToWire(row!), permanentTraffic: await traffic.permanentBalance(db, user.id) };
    },
  };
}

export type PrizesService = ReturnType<typeof createPrizesService>;
