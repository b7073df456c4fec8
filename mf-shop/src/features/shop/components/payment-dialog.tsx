import { useEffect, useRef } from 'react';
import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TradeStatus } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { copyText, formatYuan, notify } from '@portal/platform';
import { QrCode } from '@portal/ui';
import { QrDialog } from '@portal/ui/qr-dialog';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { useTradePolling } from '../hooks/use-trade-polling';
import type { PaymentView } from '../lib/payment-view';

const t = shopLabels.payment;

/**
 * USDT trades are watched for the settings' usdtCheckTime, 30 minutes unless the operator
 * changed it; stated when the answer carries no deadline of its own (PaymentResult.expire_time).
 */
export const USDT_DEFAULT_CHECK_MINUTES = 30;

export interface PaymentDialogProps {
  view: Exclude<PaymentView, { kind: 'unusable' }>;
  /** The trade that shop/trade_status is polled for. */
  tradeId: string;
  /** Yuan asked for (PaymentResult.request_pay_amound). */
  amount: number;
  /** ISO time after which the trade is no longer watched, when the server says. */
  expireTime?: string;
  /** The user closed the dialog: polling stops. */
  onClose: () => void;
  onPaid: (status: TradeStatus) => void;
  /** The server cancelled the trade (the order expired). */
  onTradeClosed: () => void;
  /** Overrides device detection of the QR dialog (stories). */
  device?: 'mobile' | 'desktop';
  /** How a payment page or app is opened; the browser's own navigation unless a story says. */
  openUrl?: (url: string) => void;
}

/**
 * The payment dialog for a dobuy answer that left something to pay, in its own chunk: the QR
 * code of Alipay or WeChat Pay, the USDT transfer, or the page/app to open. While it is mounted
 * the trade's status is polled every 3 s; closing it (the owner unmounts it) or leaving the page
 * stops the polling.
 */
export default function PaymentDialog({
  view,
  tradeId,
  amount,
  expireTime,
  onClose,
  onPaid,
  onTradeClosed,
  device,
  openUrl = (url) => window.location.assign(url),
}: PaymentDialogProps) {
  useTradePolling(tradeId, { onPaid, onClosed: onTradeClosed });
  const yuan = formatYuan(amount);
  switch (view.kind) {
    case 'qr':
      return (
        <QrDialog
          open
          onClose={onClose}
          content={view.content}
          title={view.mode === 'alipay' ? t.alipayQr : t.wxpayQr}
          desc={view.mode === 'alipay' ? t.qrAlipay(yuan) : t.qrWxpay(yuan)}
          payMode={view.mode}
          device={device}
        />
      );
    case 'usdt':
      return (
        <UsdtDialog
          address={view.address}
          amountUsdt={view.amountUsdt}
          yuan={yuan}
          expireTime={expireTime}
          onClose={onClose}
        />
      );
    case 'redirect':
      return (
        <RedirectDialog
          url={view.url}
          title={view.mode === 'wxpay' ? t.wxpayJump : t.alipayJump}
          button={view.mode === 'urlscheme' ? t.openAlipay : t.openPayPage}
          yuan={yuan}
          onClose={onClose}
          openUrl={openUrl}
        />
      );
  }
}

function Waiting() {
  return (
    <HStack gap="2" color="fg.muted" justify="center" role="status" data-testid="payment-waiting">
      <Spinner size="sm" />
      <Text>{t.waiting}</Text>
    </HStack>
  );
}

async function copy(text: string) {
  const copied = await copyText(text);
  notify(copied ? { kind: 'success', title: t.copied } : { kind: 'error', title: t.copyFailed });
}

function deadlineText(expireTime: string | undefined): string {
  const time = expireTime ? new Date(expireTime) : null;
  if (!time || Number.isNaN(time.getTime())) return t.usdtDeadlineMinutes(USDT_DEFAULT_CHECK_MINUTES);
  const hhmm = `${String(time.getHours()).padStart(2, '0')}:${String(time.getMinutes()).padStart(2, '0')}`;
  return t.usdtDeadline(hhmm);
}

/** The TRC20 address with its QR code and the exact amount (3 decimals), each with a copy button. */
function UsdtDialog({
  address,
  amountUsdt,
  yuan,
  expireTime,
  onClose,
}: {
  address: string;
  amountUsdt: number;
  yuan: string;
  expireTime?: string;
  onClose: () => void;
}) {
  const exact = amountUsdt.toFixed(3);
  return (
    <DialogFrame title={t.usdt} testId="usdt-dialog" onClose={onClose} cancelLabel={t.close}>
      <Stack gap="3" fontSize="sm">
        <Text fontWeight="medium" color="orange.700">
          {t.usdtNetwork}
        </Text>
        <Stack gap="1">
          <Text color="fg.muted">{t.usdtAmount}</Text>
          <HStack justify="space-between" gap="2" flexWrap="wrap">
            <Text fontSize="2xl" fontWeight="bold" data-testid="usdt-amount">
              {exact} USDT
            </Text>
            <Button size="xs" variant="outline" onClick={() => void copy(exact)}>
              {t.copyAmount}
            </Button>
          </HStack>
          <Text color="fg.muted">{t.usdtAbout(yuan)}</Text>
        </Stack>
        <Stack gap="1">
          <Text color="fg.muted">{t.usdtAddress}</Text>
          <Text
            fontFamily="mono"
            bg="bg.muted"
            borderRadius="l1"
            p="2"
            wordBreak="break-all"
            data-testid="usdt-address"
          >
            {address}
          </Text>
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => void copy(address)}>
            {t.copyAddress}
          </Button>
        </Stack>
        <Stack align="center">
          <QrCode value={address} label={t.addressQr} />
        </Stack>
        <Text color="fg.error" data-testid="usdt-exact-note">
          {t.usdtExact}
        </Text>
        <Text data-testid="usdt-deadline">{deadlineText(expireTime)}</Text>
        <Waiting />
      </Stack>
    </DialogFrame>
  );
}

/**
 * A payment page (a phone's Alipay page) or the Alipay app scheme: opened once when the dialog
 * appears, with a button to open it again (an app switch can be refused, or the user comes back).
 */
function RedirectDialog({
  url,
  title,
  button,
  yuan,
  onClose,
  openUrl,
}: {
  url: string;
  title: string;
  button: string;
  yuan: string;
  onClose: () => void;
  openUrl: (url: string) => void;
}) {
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openUrl(url);
  }, [url, openUrl]);
  return (
    <DialogFrame title={title} testId="redirect-pay-dialog" onClose={onClose} cancelLabel={t.close}>
      <Stack gap="3" textAlign="center">
        <Text fontSize="xl" fontWeight="bold">
          {t.amount(yuan)}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {t.jumping}
        </Text>
        <Button asChild colorPalette="brand">
          <a href={url} onClick={(event) => (event.preventDefault(), openUrl(url))}>
            {button}
          </a>
        </Button>
        <Waiting />
      </Stack>
    </DialogFrame>
  );
}
