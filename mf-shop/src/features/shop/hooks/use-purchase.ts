import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Codes,
  redirectMs,
  shopMessages,
  toastMs,
  type Combo,
  type Order,
  type PaymentResult,
  type PayMode,
} from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { hasSessionMarker, isMobile, notify, requireLogin, useSession, type CallResult } from '@portal/platform';
import { cancelOrder } from '../../orders/api/cancel-order';
import { purchaseReturnUrl } from '../../../lib/purchase-return';
import { createOrder } from '../api/create-order';
import { doBuy } from '../api/do-buy';
import { walletCheck } from '../api/wallet-check';
import { paymentView, type PaymentView } from '../lib/payment-view';
import { buyRefusal } from '../lib/refusals';

export type PurchaseStep =
  | { name: 'idle' }
  | { name: 'confirm'; order: Order }
  | { name: 'paying'; order: Order; payment: PaymentResult; view: Exclude<PaymentView, { kind: 'unusable' }> };

/** Network failures and an expired session were already announced by the API client. */
const announced = (result: CallResult<unknown>) => result.status === 502 || result.code === Codes.SESSION_EXPIRED;

/**
 * The purchase flow of spec-2 §4: create the order → confirm dialog → wallet check → buy → paid
 * at once, or a payment dialog polled until paid. Paid: success toast, user info refreshed, home
 * after 5 s (cancelled if the page is left first).
 */
export function usePurchase(
  options: {
    /** Runs as an order is being created (fetch the confirm dialog's chunk meanwhile). */
    onBeforeCreate?: () => void;
    /** Runs as the payment starts (fetch the payment dialog's chunk meanwhile). */
    onBeforePay?: () => void;
  } = {},
) {
  const navigate = useNavigate();
  const [step, setStep] = useState<PurchaseStep>({ name: 'idle' });
  const [creating, setCreating] = useState<string | null>(null);
  const homeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(homeTimer.current), []);

  const paid = useCallback(() => {
    setStep({ name: 'idle' });
    notify({ kind: 'success', title: shopMessages.paidRedirect, durationMs: toastMs.medium });
    void useSession.getState().refresh();
    clearTimeout(homeTimer.current);
    homeTimer.current = setTimeout(() => navigate('/'), redirectMs.afterPurchase);
  }, [navigate]);

  async function buy(combo: Combo) {
    if (creating) return;
    // A visitor is sent to log in; with a session marker the user info may still be loading.
    if (!useSession.getState().user && !hasSessionMarker()) return requireLogin();
    options.onBeforeCreate?.();
    setCreating(combo._id);
    const result = await createOrder(combo._id);
    setCreating(null);
    if (result.code === Codes.OK && result.data?._id) return setStep({ name: 'confirm', order: result.data });
    if (!announced(result)) notify({ kind: 'error', title: shopMessages.createOrderFailed(result.msg) });
  }

  async function pay(order: Order, mode: PayMode) {
    options.onBeforePay?.();
    const checked = await walletCheck(order._id);
    if (checked.code !== Codes.OK || !checked.data?._id) {
      if (!announced(checked)) notify({ kind: 'error', title: shopMessages.walletCheckFailed });
      return;
    }
    const mobile = isMobile();
    const bought = await doBuy({
      order_id: order._id,
      pay_mode: mode,
      isMobile: mobile,
      return_url: purchaseReturnUrl(mode),
    });
    if (bought.code !== Codes.OK || !bought.data) {
      if (!announced(bought)) notify({ kind: 'error', title: buyRefusal(bought.code) });
      return;
    }
    if (bought.data.status === 'paied') return paid();
    const view = paymentView(bought.data, mode, mobile);
    if (view.kind === 'unusable') return notify({ kind: 'error', title: shopMessages.buyFailed });
    setStep({ name: 'paying', order: checked.data, payment: bought.data, view });
  }

  /**
   * The confirm dialog was closed without paying: the order is cancelled, which frees its
   * coupon (and any wallet deduction) at once instead of when the server lets it expire.
   */
  const dismissConfirm = useCallback((order: Order) => {
    setStep({ name: 'idle' });
    void cancelOrder(order._id);
  }, []);

  const closePayment = useCallback(() => {
    setStep({ name: 'idle' });
    notify({ kind: 'info', title: shopLabels.payment.unpaidOnClose, durationMs: toastMs.medium });
  }, []);

  /** The trade was closed (order cancelled or expired; money that still came went to the wallet). */
  const tradeClosed = useCallback(() => {
    setStep({ name: 'idle' });
    notify({ kind: 'error', title: shopLabels.payment.tradeClosed, durationMs: toastMs.medium });
  }, []);

  const updateOrder = useCallback((order: Order) => {
    setStep((s) => (s.name === 'confirm' ? { name: 'confirm', order } : s));
  }, []);

  return { step, creating, buy, pay, paid, dismissConfirm, closePayment, tradeClosed, updateOrder };
}
