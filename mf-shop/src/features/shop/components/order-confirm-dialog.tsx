import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Box, Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  Codes,
  frameMessages,
  payModes,
  shopMessages,
  type CouponCodeForm,
  type Order,
  type PayMode,
} from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { formatYuan, isMobile, notify, useCallData, type CallResult } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { myWallet } from '../api/my-wallet';
import { enabledPayModes } from '../api/pay-modes';
import { orderCancelCoupon } from '../api/order-cancel-coupon';
import { orderUseCoupon } from '../api/order-use-coupon';
import { isWeChatBrowser, offeredPayModes, payModesFor, type Device } from '../lib/pay-modes';
import { couponResolver } from '../lib/coupon-rule';
import { couponRefusal } from '../lib/refusals';
import { walletPreview } from '../lib/wallet-rule';
import { PayModePicker } from './pay-mode-picker';

const t = shopLabels.confirm;

export interface OrderConfirmDialogProps {
  order: Order;
  /** The order changed on the server (a coupon applied or taken off). */
  onOrderChange: (order: Order) => void;
  /** 确认支付: wallet check, then the purchase. Resolves when the owner has moved on or failed. */
  onPay: (order: Order, mode: PayMode) => Promise<void>;
  /** Closed without paying. */
  onClose: () => void;
  /** Overrides device detection (stories). */
  device?: Device;
}

/** Network failures and an expired session were already announced by the API client. */
const announced = (result: CallResult<unknown>) => result.status === 502 || result.code === Codes.SESSION_EXPIRED;

/**
 * The order-confirm dialog (spec-2 §4): the product and its price, an optional coupon (applied
 * and taken off again, one per order), the wallet balance and the deduction the wallet rule will
 * make, what is left to pay, the payment method, and 确认支付. It opens once the order exists
 * and unmounts when closed, so every order starts afresh.
 */
export default function OrderConfirmDialog({ order, onOrderChange, onPay, onClose, device }: OrderConfirmDialogProps) {
  const wallet = useCallData(myWallet);
  const enabled = useCallData(enabledPayModes, { valid: Array.isArray });
  const modes = offeredPayModes(
    payModesFor(device ?? { mobile: isMobile(), wechat: isWeChatBrowser() }),
    enabled.state.status === 'ready' ? enabled.state.data : undefined,
  );
  const [picked, setMode] = useState<PayMode | undefined>();
  const mode = picked !== undefined && modes.includes(picked) ? picked : modes[0];
  const [paying, setPaying] = useState(false);

  const walletMoney = wallet.state.status === 'ready' ? wallet.state.data.money : 0;
  const preview = walletPreview({
    orderMoney: order.order_money,
    couponDiscount: order.coupon_discount,
    walletMoney,
  });

  // With something left to pay, a method must be chosen (and the list known); otherwise the
  // wallet pays and the method named is not used.
  const methodMissing = preview.toPay > 0 && (enabled.state.status === 'loading' || mode === undefined);

  async function pay() {
    if (paying || methodMissing) return;
    const payMode = mode ?? payModes[0];
    setPaying(true);
    try {
      await onPay(order, payMode);
    } finally {
      setPaying(false);
    }
  }

  return (
    <DialogFrame
      title={t.title}
      testId="order-confirm-dialog"
      onClose={onClose}
      cancelLabel={t.back}
      busy={paying}
      closeOnOutsideClick={false}
      size="md"
      confirmLabel={t.pay}
      busyLabel={t.paying}
      onConfirm={() => void pay()}
      confirmDisabled={wallet.state.status === 'loading' || methodMissing}
    >
      <Stack gap="3" fontSize="sm">
        <Row label={t.product}>
          <Text fontWeight="medium" textAlign="right" wordBreak="break-word" data-testid="confirm-product">
            {order.desc}
          </Text>
        </Row>
        <Row label={t.price}>¥{formatYuan(order.order_money)}</Row>
        <CouponPart order={order} onOrderChange={onOrderChange} disabled={paying} />
        <Box borderTopWidth="1px" />
        <Row label={t.walletBalance}>
          {wallet.state.status === 'loading' ? (
            <Skeleton height="4" width="16" />
          ) : wallet.state.status === 'error' ? (
            <HStack gap="2" justify="flex-end" flexWrap="wrap">
              <Text color="fg.error" textAlign="right" data-testid="confirm-wallet-error">
                {t.walletLoadFailed}
              </Text>
              <Button size="xs" variant="outline" onClick={wallet.retry} disabled={paying}>
                {frameMessages.retry}
              </Button>
            </HStack>
          ) : (
            <span data-testid="confirm-wallet-balance">¥{formatYuan(walletMoney)}</span>
          )}
        </Row>
        <Row label={t.walletSpend}>
          <span data-testid="confirm-wallet-spend">-¥{formatYuan(preview.walletSpend)}</span>
        </Row>
        {preview.oneYuanLess && (
          <Text color="fg.muted" fontSize="xs" data-testid="confirm-one-yuan-rule">
            {t.oneYuanRule}
          </Text>
        )}
        <Row label={<Text fontWeight="semibold">{t.toPay}</Text>}>
          <Text fontSize="xl" fontWeight="bold" color="brand.fg" data-testid="confirm-to-pay">
            ¥{formatYuan(preview.toPay)}
          </Text>
        </Row>
        {preview.toPay > 0 ? (
          enabled.state.status === 'loading' ? (
            <Skeleton height="10" data-testid="pay-modes-loading" />
          ) : mode === undefined ? (
            <Text color="fg.error" data-testid="confirm-no-pay-mode">
              {t.noPayMode}
            </Text>
          ) : (
            <PayModePicker modes={modes} value={mode} onChange={setMode} disabled={paying} />
          )
        ) : (
          wallet.state.status === 'ready' && (
            <Text color="green.700" data-testid="confirm-wallet-covers">
              {t.walletCoversAll}
            </Text>
          )
        )}
      </Stack>
    </DialogFrame>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <HStack justify="space-between" align="center" gap="3">
      <Box color="fg.muted" flexShrink={0}>
        {label}
      </Box>
      <Box minW="0" textAlign="right">
        {children}
      </Box>
    </HStack>
  );
}

/** The coupon code field, or the coupon in use with 取消使用 (one coupon per order). */
function CouponPart({
  order,
  onOrderChange,
  disabled,
}: {
  order: Order;
  onOrderChange: (order: Order) => void;
  disabled: boolean;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CouponCodeForm>({ resolver: couponResolver, reValidateMode: 'onSubmit', defaultValues: { code: '' } });
  const error = errors.code?.message;
  const [busy, setBusy] = useState(false);

  const apply = handleSubmit(async ({ code }) => {
    const result = await orderUseCoupon(order._id, code);
    if (result.code === Codes.OK && result.data?._id) {
      reset();
      onOrderChange(result.data);
      notify({ kind: 'success', title: shopMessages.coupon.applied });
      return;
    }
    if (announced(result)) return;
    const message = couponRefusal(result.code);
    setError('code', { message });
    notify({ kind: 'error', title: message });
  });

  async function cancel() {
    if (busy) return;
    setBusy(true);
    const result = await orderCancelCoupon(order._id);
    setBusy(false);
    if (result.code === Codes.OK && result.data?._id) {
      onOrderChange(result.data);
      notify({ kind: 'success', title: shopMessages.coupon.cancelled });
    } else if (!announced(result)) {
      notify({ kind: 'error', title: shopMessages.coupon.cancelFailed });
    }
  }

  if (order.coupon_code) {
    return (
      <Stack gap="2" data-testid="confirm-coupon-used">
        <Row label={t.coupon}>
          <HStack gap="2" justify="flex-end" flexWrap="wrap">
            <Text wordBreak="break-all">{t.couponUsed(order.coupon_name, order.coupon_code)}</Text>
            <Button size="xs" variant="outline" onClick={() => void cancel()} loading={busy} disabled={disabled}>
              {t.cancelCoupon}
            </Button>
          </HStack>
        </Row>
        <Row label={t.couponDiscount}>
          <span data-testid="confirm-coupon-discount">-¥{formatYuan(order.coupon_discount)}</span>
        </Row>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        // Enter in the field submits even while the button waits: one use at a time.
        if (isSubmitting) event.preventDefault();
        else void apply(event);
      }}
      noValidate
    >
      <Field.Root invalid={error !== undefined}>
        <Field.Label>{t.coupon}</Field.Label>
        <HStack gap="2" width="full">
          <Input
            {...register('code')}
            size="sm"
            placeholder={t.couponPlaceholder}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            disabled={disabled}
          />
          <Button type="submit" size="sm" variant="outline" loading={isSubmitting} disabled={disabled} flexShrink={0}>
            {t.applyCoupon}
          </Button>
        </HStack>
        {error && <Field.ErrorText data-testid="confirm-coupon-error">{error}</Field.ErrorText>}
      </Field.Root>
    </form>
  );
}
