import {
  Codes,
  DEFAULT_REQUEST_COUNT,
  ORDER_FEEDBACK_MAX_CHARS,
  shopMessages,
  type Order as OrderWire,
  type PaymentResult,
  type PayMode,
  type TradeStatus,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { Order } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { yuanOf } from '../../lib/money.js';
import { newObjectId } from '../../lib/random.js';
import type { CouponsService } from '../coupons/index.js';
import { payableCents, type FulfilmentService } from '../fulfilment/index.js';
import type { PaymentsService } from '../payments/types.js';
import type { SettingsService } from '../settings/index.js';
import type { ShopService, Viewer } from '../shop/index.js';
import type { WalletKind, WalletService } from '../wallet/index.js';
import { OPEN_STATUSES, ordersRepository as repo } from './repository.js';
import { ledgerTexts } from './texts.js';

export interface OrdersDeps {
  db: Db;
  shop: ShopService;
  coupons: CouponsService;
  wallet: WalletService;
  fulfilment: FulfilmentService;
  payments: PaymentsService;
  settings: SettingsService;
  now?: () => Date;
}

/** What dobuy needs to know about the request besides the payload. */
export interface BuyRequest {
  orderId: string;
  payMode: PayMode;
  isMobile: boolean;
  /** The return_url the page asked for ('' = none). */
  returnUrl: string;
  /** Origins a return_url may point to (the request's own, PUBLIC_BASE_URL's). */
  ownOrigins: string[];
  /** Public base URL of the portal, no trailing slash. */
  baseUrl: string;
  clientIp: string;
  device: string;
  platform: string;
}

/** spec-2 §4: a shortfall under one yuan is not worth a payment; the wallet then deducts one yuan less. */
const MIN_PAYMENT_CENTS = 100;
const EXPIRY_BATCH = 100;

export function orderToWire(order: Order): OrderWire {
  return {
    _id: order.id,
    desc: order.desc,
    order_money: yuanOf(order.orderMoneyCents),
    coupon_discount: yuanOf(order.couponDiscountCents),
    coupon_code: order.couponCode ?? '',
    coupon_name: order.couponName ?? '',
    couponType: order.couponType === 'cash' || order.couponType === 'discount' ? order.couponType : '',
    wallet_spend: yuanOf(order.walletSpendCents),
    pay_money: yuanOf(payableCents(order)),
    status: order.status,
    create_time: order.createdAt.toISOString(),
    add_traffic: order.addTraffic,
    add_vip_duration: order.addVipDuration,
    gainPermission: order.gainPermission,
    permissionDuration: order.permissionDuration,
    user_feedback: order.userFeedback,
  };
}

const isOpen = (order: Order) => (OPEN_STATUSES as readonly string[]).includes(order.status);

/** Traffic or days with the product's bonus percent, rounded down (bytes can exceed 2^53 / 200). */
const withBonus = (amount: number, percent: number) => Number((BigInt(amount) * BigInt(100 + percent)) / 100n);

/**
 * The wallet deduction spec-2 §4 asks for: the wallet covers what is left after the coupon; when
 * that leaves a shortfall under one yuan, one yuan less is deducted (never below zero).
 */
export function walletTarget(dueCents: number, availableCents: number): number {
  const target = Math.min(dueCents, availableCents);
  const shortfall = dueCents - target;
  return shortfall > 0 && shortfall < MIN_PAYMENT_CENTS ? Math.max(0, target - MIN_PAYMENT_CENTS) : target;
}

/** The return_url if it points to one of our origins or the return_url setting's; '' otherwise. */
function acceptedReturnUrl(requested: string, ownOrigins: string[], setting: string): string {
  if (requested === '') return '';
  try {
    const { origin, protocol } = new URL(requested);
    if (protocol !== 'http:' && protocol !== 'https:') return '';
    const allowed = setting === '' ? ownOrigins : [...ownOrigins, new URL(setting).origin];
    return allowed.includes(origin.toLowerCase()) ? requested : '';
  } catch {
    return '';
  }
}

/**
 * Orders (spec-2 §4). Every call on an order locks its row first and checks that it belongs to the
 * caller (another user's order id gets 1107 and changes nothing). A coupon use and a wallet
 * deduction are held by the order until it is paid; cancel, expiry and coupon changes give them
 * back exactly once because the order row lock orders them and the order's fields say what it
 * still holds. Any change of the amount cancels the order's open trades, so no stale payment
 * page asks for the old amount.
 */
export function createOrdersService({
  db,
  shop,
  coupons,
  wallet,
  fulfilment,
  payments,
  settings,
  now = () => new Date(),
}: OrdersDeps) {
  const tradeStatusQuery = repo.prepareTradeStatus(db);

  /** Runs `fn` on the caller's open order, row-locked; 1107 for anyone else's, closed or expired orders. */
  function inOpenOrder<T>(userId: string, orderId: string, fn: (tx: Db, order: Order) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const order = await repo.lockOwnOrder(tx, userId, orderId);
      if (order === undefined || !isOpen(order) || order.expiresAt.getTime() <= now().getTime()) {
        throw new DomainError(Codes.ORDER_NOT_OPEN);
      }
      return fn(tx, order);
    });
  }

  /**
   * Gives back the order's wallet deduction, its withdrawable part as withdrawable money; the order
   * fields that say so.
   */
  async function returnWallet(tx: Db, order: Order) {
    if (order.walletSpendCents > 0) {
      const held = await wallet.heldWithdrawable(tx, order.userId, order.id);
      await wallet.change(tx, {
        userId: order.userId,
        cents: order.walletSpendCents,
        kind: 'refund',
        orderId: order.id,
        desc: ledgerTexts.walletReturned(order.desc),
        withdrawableCents: Math.min(held, order.walletSpendCents),
      });
    }
    return { walletSpendCents: 0, status: 'topay' } as const;
  }

  const noCoupon = {
    couponId: null,
    couponCode: null,
    couponName: null,
    couponType: null,
    couponDiscountCents: 0,
  } as const;

  /** Cancels a locked open order: trades, coupon use and wallet deduction released. */
  async function cancelLocked(tx: Db, order: Order): Promise<Order> {
    await repo.cancelOpenTrades(tx, order.id);
    await coupons.releaseForOrder(tx, order.id);
    await returnWallet(tx, order);
    return repo.updateOrder(tx, order.id, { ...noCoupon, walletSpendCents: 0, status: 'cancled', cancelledAt: now() });
  }

  return {
    async createOrder(viewer: Viewer, userId: string, comboId: string): Promise<OrderWire> {
      const combo = await shop.offerFor(viewer, comboId);
      const minutes = await settings.get('order_expire_minutes');
      const created = now();
      const order = await repo.insertOrder(db, {
        id: newObjectId(),
        userId,
        comboId: combo.id,
        desc: combo.name,
        orderMoneyCents: combo.priceCents,
        addTraffic: withBonus(combo.traffic, combo.additionPersend),
        addVipDuration: withBonus(combo.vipDuration, combo.additionPersend),
        dailyLimitGb: combo.dailyLimitGb,
        gainPermission: combo.permissionsGain,
        permissionDuration: combo.permissionDuration,
        createdAt: created,
        expiresAt: new Date(created.getTime() + minutes * 60_000),
      });
      return orderToWire(order);
    },

    /** Cash and discount coupons; a wallet deduction is given back first (wallet_check again after). */
    async useCoupon(userId: string, orderId: string, code: string): Promise<OrderWire> {
      return inOpenOrder(userId, orderId, async (tx, order) => {
        if (order.couponId !== null) throw new DomainError(Codes.ORDER_HAS_COUPON, shopMessages.coupon.orderHasCoupon);
        await repo.cancelOpenTrades(tx, order.id);
        const { coupon, discountCents } = await coupons.takeForOrder(tx, {
          userId,
          orderId,
          code,
          priceCents: order.orderMoneyCents,
        });
        const walletBack = await returnWallet(tx, order);
        return orderToWire(
          await repo.updateOrder(tx, order.id, {
            couponId: coupon.id,
            couponCode: coupon.code,
            couponName: coupon.name,
            couponType: coupon.type,
            couponDiscountCents: discountCents,
            ...walletBack,
          }),
        );
      });
    },

    async cancelCoupon(userId: string, orderId: string): Promise<OrderWire> {
      return inOpenOrder(userId, orderId, async (tx, order) => {
        if (order.couponId === null) return orderToWire(order);
        await repo.cancelOpenTrades(tx, order.id);
        await coupons.releaseForOrder(tx, order.id);
        const walletBack = await returnWallet(tx, order);
        return orderToWire(await repo.updateOrder(tx, order.id, { ...noCoupon, ...walletBack }));
      });
    },

    /** Sets the deduction to the spec's rule, wherever it stood: calling it twice deducts once. */
    async walletCheck(userId: string, orderId: string): Promise<OrderWire> {
      return inOpenOrder(userId, orderId, async (tx, order) => {
        const balance = await wallet.lockBalance(tx, userId);
        const target = walletTarget(
          order.orderMoneyCents - order.couponDiscountCents,
          balance + order.walletSpendCents,
        );
        const delta = target - order.walletSpendCents;
        if (delta === 0) return orderToWire(order);
        await repo.cancelOpenTrades(tx, order.id);
        const kind: WalletKind = delta > 0 ? 'spend' : 'refund';
        const desc = delta > 0 ? ledgerTexts.walletSpend(order.desc) : ledgerTexts.walletReturned(order.desc);
        // The balance is locked and delta <= balance, so this cannot fail short of a bug.
        // A smaller deduction gives back withdrawable money first (the spend took shop credit first).
        const withdrawableCents = delta < 0 ? Math.min(await wallet.heldWithdrawable(tx, userId, order.id), -delta) : 0;
        const walletChange = { userId, cents: -delta, kind, orderId: order.id, desc, withdrawableCents };
        if ((await wallet.change(tx, walletChange)) === undefined) {
          throw new Error(`wallet change of ${-delta} refused for order ${order.id}`);
        }
        return orderToWire(
          await repo.updateOrder(tx, order.id, {
            walletSpendCents: target,
            status: target > 0 ? 'wallet_spend' : 'topay',
          }),
        );
      });
    },

    /**
     * Nothing left to pay: the order is paid at once (provider 'wallet'). Otherwise a trade is
     * opened (the order's older open trade cancelled) and the payment started in the same
     * transaction, so a refused method leaves nothing behind.
     */
    async doBuy(userId: string, buy: BuyRequest): Promise<PaymentResult> {
      const [policy, returnSetting] = await Promise.all([fulfilment.rebatePolicy(), settings.get('return_url')]);
      const returnUrl =
        acceptedReturnUrl(buy.returnUrl, buy.ownOrigins, returnSetting) ||
        returnSetting ||
        `${buy.baseUrl}/#/order?${buy.payMode}_pay`;
      return inOpenOrder(userId, buy.orderId, async (tx, order) => {
        const payable = payableCents(order);
        const gains = { add_traffic: order.addTraffic, add_vip_duration: order.addVipDuration };
        const tradeFields = {
          orderId: order.id,
          userId,
          device: buy.device,
          platform: buy.platform,
          expiresAt: order.expiresAt,
        };
        await repo.cancelOpenTrades(tx, order.id);
        if (payable === 0) {
          const trade = await repo.insertTrade(tx, {
            id: newObjectId(),
            ...tradeFields,
            payMode: 'wallet',
            provider: 'wallet',
            amountCents: 0,
          });
          await fulfilment.payOpenOrder(tx, order, trade, null, policy);
          return { status: 'paied', ...gains, _id: trade.id, third_pay_platform: 'wallet', request_pay_amound: 0 };
        }
        const trade = await repo.insertTrade(tx, {
          id: newObjectId(),
          ...tradeFields,
          payMode: buy.payMode,
          provider: '',
          amountCents: payable,
        });
        const started = await payments.start(tx, {
          id: trade.id,
          orderId: order.id,
          userId,
          payMode: buy.payMode,
          amountCents: payable,
          subject: order.desc,
          isMobile: buy.isMobile,
          returnUrl,
          clientIp: buy.clientIp,
          baseUrl: buy.baseUrl,
        });
        const opened = await repo.updateTrade(tx, trade.id, {
          provider: started.provider,
          ...(started.usdtAmountMilli === undefined ? {} : { usdtAmountMilli: started.usdtAmountMilli }),
          ...(started.usdtAddress === undefined ? {} : { usdtAddress: started.usdtAddress }),
        });
        return {
          status: 'topay',
          ...gains,
          _id: trade.id,
          third_pay_platform: started.provider,
          request_pay_amound: yuanOf(payable),
          expire_time: opened.expiresAt.toISOString(),
          ...(started.usdtAddress === undefined ? {} : { usdtAdress: started.usdtAddress }),
          ...(started.usdtAmountMilli === undefined ? {} : { request_pay_amound_usdt: started.usdtAmountMilli / 1000 }),
          ...(started.payurl === undefined ? {} : { payurl: started.payurl }),
          ...(started.qrcode === undefined ? {} : { qrcode: started.qrcode }),
          ...(started.urlscheme === undefined ? {} : { urlscheme: started.urlscheme }),
        };
      });
    },

    /** The checkout's poll: one prepared query; another user's trade id is unknown (1107). */
    async tradeStatus(userId: string, tradeId: string): Promise<TradeStatus> {
      const [row] = await tradeStatusQuery.execute({ tradeId, userId });
      if (row === undefined) throw new DomainError(Codes.ORDER_NOT_OPEN);
      return { status: row.status, add_traffic: row.addTraffic, add_vip_duration: row.addVipDuration };
    },

    async list(userId: string): Promise<OrderWire[]> {
      return (await repo.ownOrders(db, userId, DEFAULT_REQUEST_COUNT.list)).map(orderToWire);
    },

    /** topay and wallet_spend orders only (1026 otherwise), expired or not. */
    async cancel(userId: string, orderId: string): Promise<OrderWire> {
      return db.transaction(async (tx) => {
        const order = await repo.lockOwnOrder(tx, userId, orderId);
        if (order === undefined) throw new DomainError(Codes.ORDER_NOT_OPEN);
        if (!isOpen(order)) throw new DomainError(Codes.ORDER_NOT_CANCELLABLE);
        return orderToWire(await cancelLocked(tx, order));
      });
    },

    async feedback(userId: string, orderId: string, msg: string): Promise<OrderWire> {
      const text = msg.trim();
      if (text === '' || [...text].length > ORDER_FEEDBACK_MAX_CHARS) {
        throw new DomainError(Codes.INVALID_PAYLOAD, shopMessages.orderFeedbackRule);
      }
      return db.transaction(async (tx) => {
        const order = await repo.lockOwnOrder(tx, userId, orderId);
        if (order === undefined) throw new DomainError(Codes.ORDER_NOT_OPEN);
        return orderToWire(await repo.updateOrder(tx, order.id, { userFeedback: text }));
      });
    },

    /** Cancels open orders whose time is up, each in its own transaction; how many it cancelled. */
    async expireDue(): Promise<number> {
      let cancelled = 0;
      for (const id of await repo.dueOrderIds(db, now(), EXPIRY_BATCH)) {
        const done = await db.transaction(async (tx) => {
          const order = await repo.lockOrder(tx, id);
          if (order === undefined || !isOpen(order) || order.expiresAt.getTime() > now().getTime()) return false;
          await cancelLocked(tx, order);
          return true;
        });
        if (done) cancelled += 1;
      }
      return cancelled;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
