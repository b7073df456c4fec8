import type { Notify } from '../notifications/index.js';
import { GiB } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Order, Trade } from '../../db/schema.js';
import { floorPart, yuanOf } from '../../lib/money.js';
import { serviceDay } from '../../lib/service-day.js';
import { OPEN_STATUSES, ordersRepository as orders } from '../orders/repository.js';
import { ledgerTexts, tradeNotes } from '../orders/texts.js';
import { SANDBOX } from '../payments/service.js';
import type { PaymentProof, SettleOutcome } from '../payments/types.js';
import type { SettingsService } from '../settings/index.js';
import type { TrafficService } from '../traffic/index.js';
import type { WalletService } from '../wallet/index.js';
import { fulfilmentRepository as repo } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rebate settings, read before a transaction opens (settings are read outside it). */
export interface RebatePolicy {
  openChannel: boolean;
  channelRewardRate: number;
  channelConsumerDuration: number;
}

export interface FulfilmentDeps {
  db: Db;
  traffic: TrafficService;
  wallet: WalletService;
  settings: SettingsService;
  timeZone: string;
  /** Told about what a payment could not deliver (a permission name that does not exist). */
  warn: (details: Record<string, unknown>, message: string) => void;
  /** The outbox (modules/notifications): order.paid and payment.reconciled, in the payment's transaction. */
  notify?: Notify;
  now?: () => Date;
}

/** A payment through a gateway that moves real money (not the sandbox, not the wallet). */
export const isRealGateway = (provider: string) => provider !== SANDBOX && provider !== 'wallet' && provider !== '';

const isOpen = (order: Order) => (OPEN_STATUSES as readonly string[]).includes(order.status);
export const payableCents = (order: Order) =>
  order.orderMoneyCents - order.couponDiscountCents - order.walletSpendCents;

function amountMatches(trade: Trade, proof: PaymentProof): boolean {
  if (trade.usdtAmountMilli !== null) return proof.usdtAmountMilli === trade.usdtAmountMilli;
  return proof.paidCents === trade.amountCents;
}

/**
 * Fulfilment: what happens once money has arrived for a trade. One transaction per payment; the
 * order row is locked first (found through the trade, whose order never changes), then the trade
 * row, the same order as every other path that touches an order and its trades, so a payment
 * racing a cancel or a new dobuy waits instead of deadlocking. Replays find the trade paid and
 * change nothing.
 */
export function createFulfilmentService({
  db,
  traffic,
  wallet,
  settings,
  timeZone,
  warn,
  notify = async () => undefined,
  now = () => new Date(),
}: FulfilmentDeps) {
  async function rebateFor(tx: Db, order: Order, policy: RebatePolicy, at: Date) {
    if (!policy.openChannel) return undefined;
    const buyer = await repo.buyer(tx, order.userId);
    if (buyer === undefined || buyer.channelCode === '') return undefined;
    const channel = await repo.channelByCode(tx, buyer.channelCode);
    if (channel === undefined || channel.userId === buyer.id) return undefined;
    const days = channel.consumerDurationDays ?? policy.channelConsumerDuration;
    if (at.getTime() - buyer.createdAt.getTime() > days * DAY_MS) return undefined;
    const spentCents = order.orderMoneyCents - order.couponDiscountCents;
    const rate = channel.rewardRate ?? policy.channelRewardRate;
    return { channel, spentCents, rate, rewardCents: floorPart(spentCents, rate) };
  }

  async function grantPermissions(tx: Db, order: Order): Promise<void> {
    if (order.gainPermission.length === 0 || order.permissionDuration <= 0) return;
    const ids = await repo.permissionIdsByName(tx, order.gainPermission);
    for (const name of order.gainPermission) {
      const id = ids.get(name);
      if (id === undefined)
        warn({ orderId: order.id, permission: name }, 'paid order names a permission that does not exist; skipped');
      else await repo.grantPermission(tx, order.userId, id, order.permissionDuration);
    }
  }

  /** Money arrived for an order that can no longer take it: it goes to the buyer's shop credit. */
  async function creditToWallet(tx: Db, order: Order, cents: number, desc: string): Promise<void> {
    if (cents > 0) await wallet.change(tx, { userId: order.userId, cents, kind: 'refund', orderId: order.id, desc });
  }

  /**
   * The part of an invite rebate that may be withdrawn: the rebate on what the trade brought in
   * through a real gateway. Sandbox money, wallet money (which may be shop credit) and coupons
   * earn shop credit only.
   */
  function withdrawableRebate(trade: Trade, spentCents: number, rate: number, rewardCents: number): number {
    if (!isRealGateway(trade.provider)) return 0;
    return Math.min(rewardCents, floorPart(Math.min(trade.amountCents, spentCents), rate));
  }

  /**
   * Pays a locked open order through a locked trade: order and trade paid, the order's other open
   * trades cancelled, traffic, VIP days, daily allowance, permissions, paid_user, the inviter's
   * rebate and the day's statistics (`trade.amountCents` is what the provider received).
   */
  async function payOpenOrder(
    tx: Db,
    order: Order,
    trade: Trade,
    externalId: string | null,
    policy: RebatePolicy,
  ): Promise<void> {
    const at = now();
    const rebate = await rebateFor(tx, order, policy, at);
    await repo.lockUsers(tx, rebate === undefined ? [order.userId] : [order.userId, rebate.channel.userId]);

    await orders.updateOrder(tx, order.id, { status: 'paied', paidAt: at });
    await orders.updateTrade(tx, trade.id, {
      status: 'paied',
      externalId,
      paidAt: at,
      ...(rebate === undefined ? {} : { fromChannel: rebate.channel.code, rewardCents: rebate.rewardCents }),
    });
    await orders.cancelOpenTrades(tx, order.id, trade.id);

    const day = serviceDay(at, timeZone);
    await repo.keepPackageDeviceNum(tx, order.userId, order.comboId);
    await traffic.credit(tx, {
      userId: order.userId,
      bytes: order.addTraffic,
      type: 'buy',
      day,
      desc: ledgerTexts.bought(order.desc, order.addVipDuration),
    });
    if (order.addVipDuration > 0) await traffic.extendVip(tx, order.userId, order.addVipDuration);
    await repo.markPaidUser(tx, order.userId, order.addVipDuration > 0 ? order.dailyLimitGb * GiB : null);
    await grantPermissions(tx, order);

    if (rebate !== undefined && rebate.rewardCents > 0) {
      const inviterId = rebate.channel.userId;
      await wallet.change(tx, {
        userId: inviterId,
        cents: rebate.rewardCents,
        kind: 'reward',
        orderId: order.id,
        desc: ledgerTexts.rebate(order.desc),
        withdrawableCents: withdrawableRebate(trade, rebate.spentCents, rebate.rate, rebate.rewardCents),
      });
      await repo.insertReward(tx, {
        inviterId,
        consumerId: order.userId,
        orderId: order.id,
        desc: order.desc,
        userSpendCents: rebate.spentCents,
        rewardCents: rebate.rewardCents,
      });
    }
    await repo.addPaymentStats(tx, day, 1, trade.amountCents);
    const buyer = await repo.buyer(tx, order.userId);
    await notify({
      event: 'order.paid',
      userId: order.userId,
      data: {
        orderId: order.id,
        tradeId: trade.id,
        userId: order.userId,
        email: buyer?.email ?? '',
        product: order.desc,
        amount: yuanOf(order.orderMoneyCents - order.couponDiscountCents),
        provider: trade.provider,
      },
    });
  }

  async function notifyReconciled(trade: Trade, outcome: SettleOutcome): Promise<void> {
    await notify({
      event: 'payment.reconciled',
      data: {
        tradeId: trade.id,
        orderId: trade.orderId,
        provider: trade.provider,
        amount: yuanOf(trade.amountCents),
        outcome,
      },
    });
  }

  async function settleIn(tx: Db, proof: PaymentProof, policy: RebatePolicy): Promise<SettleOutcome> {
    const found = await orders.findTrade(tx, proof.tradeId);
    if (found === undefined) return 'unknown_trade';
    const order = await orders.lockOrder(tx, found.orderId);
    const trade = await orders.lockTrade(tx, found.id);
    if (order === undefined || trade === undefined) return 'unknown_trade';
    if (trade.provider !== proof.provider) return 'provider_mismatch';
    if (!amountMatches(trade, proof)) return 'amount_mismatch';
    if (trade.status === 'paied') return 'already_paid';

    // A trade cancelled by a newer dobuy still pays its order when the order still asks exactly
    // what the trade asked (the money arrived). A closed order, or one whose amount changed since
    // the trade was made (a coupon, a wallet deduction), is never paid by it: a purchase at the
    // new price would turn the difference into money. What the trade paid becomes shop credit,
    // and the trade's note tells the operator why.
    const payable = payableCents(order);
    if (isOpen(order) && trade.amountCents === payable) {
      await payOpenOrder(tx, order, trade, proof.externalId, policy);
      if (proof.reconciled === true) await notifyReconciled(trade, 'paid');
      return 'paid';
    }
    const note = isOpen(order) ? tradeNotes.orderChanged(payable) : tradeNotes.orderClosed(order.status);
    await orders.updateTrade(tx, trade.id, { status: 'paied', externalId: proof.externalId, paidAt: now(), note });
    const desc = isOpen(order)
      ? ledgerTexts.paidAfterChange(order.desc, trade.amountCents)
      : ledgerTexts.paidAfterClose(order.desc, trade.amountCents);
    await creditToWallet(tx, order, trade.amountCents, desc);
    await repo.addPaymentStats(tx, serviceDay(now(), timeZone), 0, trade.amountCents);
    if (proof.reconciled === true) await notifyReconciled(trade, 'credited_to_wallet');
    return 'credited_to_wallet';
  }

  async function rebatePolicy(): Promise<RebatePolicy> {
    return settings.getMany(['openChannel', 'channelRewardRate', 'channelConsumerDuration']);
  }

  return {
    rebatePolicy,
    payOpenOrder,

    /** The SettleTrade of modules/payments/types.ts: exactly once per trade, in one transaction. */
    async settle(proof: PaymentProof): Promise<SettleOutcome> {
      const policy = await rebatePolicy();
      const outcome = await db.transaction((tx) => settleIn(tx, proof, policy));
      if (outcome === 'amount_mismatch' || outcome === 'provider_mismatch' || outcome === 'unknown_trade') {
        warn({ proof, outcome }, 'payment proof refused');
      }
      return outcome;
    },

    /** Names of the permissions a product may grant (demo data picks one). */
    async permissionNames(): Promise<string[]> {
      return repo.permissionNames(db);
    },

    /** Seed data: a user's own invite code; false when the code or the user's channel exists. */
    async ensureChannel(channel: {
      code: string;
      userId: string;
      name?: string;
      rewardRate?: number;
      consumerDurationDays?: number;
    }): Promise<boolean> {
      return repo.insertChannelIfAbsent(db, channel);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
