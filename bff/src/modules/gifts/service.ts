import type { Notify } from '../notifications/index.js';
import { randomBytes } from 'node:crypto';
import { Codes, DEFAULT_REQUEST_COUNT, GiB, giftMessages as text, type Gift, type PushList } from '@portal/contracts';
import type { PushCreateRequest } from '@portal/contracts/schemas';
import type { Db } from '../../db/client.js';
import type { GiftRow } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import type { SettingsService } from '../settings/index.js';
import type { TrafficService } from '../traffic/index.js';
import type { GiftsRepository } from './repository.js';

/** A gift code: 128 random bits, 32 hex characters (guessing one is hopeless, and the receive call is throttled). */
export const newGiftCode = (): string => randomBytes(16).toString('hex');

/** Bytes as G for the records' text: at most two decimals, no trailing zeros. */
const gb = (bytes: number): string => String(Math.round((bytes / GiB) * 100) / 100);

/** What the traffic records say (spec-2 §9 types push_spend / push_receive). */
export const giftLedgerTexts = {
  spent: (row: Pick<GiftRow, 'amount' | 'fee' | 'received'>) =>
    `转赠流量 ${gb(row.amount)}G（对方获得 ${gb(row.received)}G，手续费 ${gb(row.fee)}G）`,
  received: (row: Pick<GiftRow, 'received'>) => `领取转赠流量 ${gb(row.received)}G`,
};

function toGift(row: GiftRow, userId: string): Gift {
  return {
    code: row.code,
    pushNumber: row.amount,
    fee: row.fee,
    receiveNumber: row.received,
    costRate: row.costRate,
    state: row.status,
    createTime: row.createdAt.toISOString(),
    receiveTime: row.receivedAt?.toISOString() ?? null,
    direction: row.senderId === userId ? 'sent' : 'received',
  };
}

/**
 * Traffic gifts (spec-2 §2, §5): a sender turns `pushNumber` G of permanent traffic into a code
 * (a push_spend record of −amount, spent exactly under the sender's row lock); whoever else
 * receives the code first gets amount − fee (a push_receive record), once. The fee is what the
 * platform keeps: sender's loss = receiver's gain + fee, exactly, in bytes.
 */
export function createGiftsService(deps: {
  db: Db;
  repo: GiftsRepository;
  traffic: TrafficService;
  settings: SettingsService;
  newCode?: () => string;
  /** The outbox (modules/notifications): gift.received tells the sender. */
  emit?: Notify;
}) {
  const { db, repo, traffic, settings, newCode = newGiftCode, emit = async () => undefined } = deps;

  return {
    async list(userId: string): Promise<PushList> {
      const { minPushNum, costRate } = await settings.getMany(['minPushNum', 'costRate']);
      const rows = await repo.ofUser(userId, DEFAULT_REQUEST_COUNT.list);
      const permanentTraffic = await traffic.permanentBalance(db, userId);
      return { minPushNum, costRate, permanentTraffic, pushList: rows.map((row) => toGift(row, userId)) };
    },

    /** 1037 below the minimum; 1038 when the sender's permanent traffic does not cover it (nothing changes). */
    async create(userId: string, { pushNumber }: PushCreateRequest): Promise<Gift> {
      const { minPushNum, costRate } = await settings.getMany(['minPushNum', 'costRate']);
      if (pushNumber < minPushNum) throw new DomainError(Codes.GIFT_BELOW_MIN, text.belowMinimum(minPushNum));
      const amount = pushNumber * GiB;
      const fee = Math.round(amount * costRate);
      const gift = { code: newCode(), senderId: userId, amount, fee, received: amount - fee, costRate };
      return db.transaction(async (tx) => {
        await traffic.debitPermanent(
          tx,
          { userId, bytes: amount, type: 'push_spend', desc: giftLedgerTexts.spent(gift) },
          () => new DomainError(Codes.GIFT_NOT_ENOUGH_TRAFFIC, text.notEnough),
        );
        return toGift(await repo.insert(gift), userId);
      });
    },

    /**
     * Receives a code: the gift's conditional created → received and the receiver's credit in one
     * transaction. 1040 for an unknown or used code and for the sender's own.
     */
    async receive(userId: string, sentCode: string): Promise<Gift> {
      const code = sentCode.trim();
      return db.transaction(async (tx) => {
        const row = code === '' ? undefined : await repo.claim(code, userId);
        if (row === undefined) {
          const own = code !== '' && (await repo.find(code))?.senderId === userId;
          throw new DomainError(Codes.GIFT_CODE_INVALID, own ? text.ownCode : text.codeInvalid);
        }
        await traffic.credit(tx, {
          userId,
          bytes: row.received,
          type: 'push_receive',
          desc: giftLedgerTexts.received(row),
        });
        await emit({
          event: 'gift.received',
          userId: row.senderId,
          data: {
            amountGb: Math.round((row.amount / GiB) * 100) / 100,
            receivedGb: Math.round((row.received / GiB) * 100) / 100,
          },
        });
        return toGift(row, userId);
      });
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
