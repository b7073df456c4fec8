import type { PaymentResult, PayMode } from '@portal/contracts';

/** How the screen carries on after shop/dobuy answered with something left to pay. */
export type PaymentView =
  /** A QR code to scan with the phone's Alipay or WeChat. */
  | { kind: 'qr'; mode: 'alipay' | 'wxpay'; content: string }
  /** The TRC20 address and the exact amount. */
  | { kind: 'usdt'; address: string; amountUsdt: number }
  /** A page or app to open: the Alipay app scheme, or a provider's mobile page. */
  | { kind: 'redirect'; mode: PayMode; url: string }
  /** The answer carries nothing the browser can use. */
  | { kind: 'unusable' };

/**
 * Picks the payment screen for a dobuy answer. On a phone a payment page (payurl) is opened
 * rather than shown as a QR code, since scanning a code on the screen that shows it is
 * impossible; Alipay's mobile page hands over to the Alipay app, as the big shops do. WeChat Pay
 * on a phone keeps the QR code when there is one (its mobile pages work only inside WeChat), and
 * the QR dialog then lists the three steps: screenshot, WeChat scan, pick from the album.
 */
export function paymentView(result: PaymentResult, mode: PayMode, mobile: boolean): PaymentView {
  const { payurl, qrcode, urlscheme, usdtAdress, request_pay_amound_usdt: amount } = result;
  switch (mode) {
    case 'usdt':
      return usdtAdress && typeof amount === 'number' && amount > 0
        ? { kind: 'usdt', address: usdtAdress, amountUsdt: amount }
        : { kind: 'unusable' };
    case 'urlscheme': {
      const url = urlscheme || payurl;
      return url ? { kind: 'redirect', mode, url } : { kind: 'unusable' };
    }
    case 'alipay':
    case 'wxpay': {
      if (mobile && payurl && (mode === 'alipay' || !qrcode)) return { kind: 'redirect', mode, url: payurl };
      const content = qrcode || payurl;
      return content ? { kind: 'qr', mode, content } : { kind: 'unusable' };
    }
  }
}
