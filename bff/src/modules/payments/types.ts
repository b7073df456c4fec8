import type { PayMode } from '@portal/contracts';
import type { Db } from '../../db/client.js';

/**
 * The seam between orders (which open trades and fulfil them) and payments (which ask providers
 * for money and verify what they report). Orders call `PaymentsService.start` inside the
 * transaction that opened the trade; payments call `SettleTrade` once a provider has proved a
 * payment (a verified notify, a matching TRC20 transfer, a sandbox approval).
 */

/** A trade row already inserted (status topay) that a provider must now ask money for. */
export interface TradeToPay {
  id: string;
  orderId: string;
  userId: string;
  payMode: PayMode;
  /** What is still to pay, in cents (> 0). */
  amountCents: number;
  /** The product name, for the provider's page. */
  subject: string;
  isMobile: boolean;
  /** Where the provider sends the browser back to; already checked to be one of ours. */
  returnUrl: string;
  clientIp: string;
  /** Public base URL of the portal (notify and sandbox pages are built on it), no trailing slash. */
  baseUrl: string;
}

/** What a provider answered; orders turn it into the spec's payment result. */
export interface PaymentStarted {
  /** sandbox, feifei, yi, zhifubuluo, openx or usdt (stored as trades.provider). */
  provider: string;
  payurl?: string;
  qrcode?: string;
  urlscheme?: string;
  usdtAddress?: string;
  usdtAmountMilli?: number;
}

export interface PaymentsService {
  /**
   * Starts a payment for the trade. Throws DomainError(PAY_MODE_UNAVAILABLE) when the method is
   * off or not configured. May update its own columns of the trade row (provider, USDT amount).
   */
  start(tx: Db, trade: TradeToPay): Promise<PaymentStarted>;
}

/** A payment a provider has proved. */
export interface PaymentProof {
  tradeId: string;
  /** What arrived, in cents (USDT: converted back is not needed, see `usdtAmountMilli`). */
  paidCents: number;
  /** For USDT: the exact amount received; compared with the trade's instead of cents. */
  usdtAmountMilli?: number;
  provider: string;
  /** The provider's transaction number, unique per provider. */
  externalId: string;
  /** Found by the reconcile job (the notify never came): payment.reconciled is sent too. */
  reconciled?: boolean;
}

export type SettleOutcome =
  /** This call paid the order (traffic, days, permissions, rebate, statistics written). */
  | 'paid'
  /** The trade was already paid: nothing changed (replayed notify). */
  | 'already_paid'
  /** The order had been cancelled before the money arrived: the amount went to the wallet. */
  | 'credited_to_wallet'
  | 'unknown_trade'
  | 'amount_mismatch'
  | 'provider_mismatch';

/** Fulfils a proved payment exactly once, in one transaction. */
export type SettleTrade = (proof: PaymentProof) => Promise<SettleOutcome>;
