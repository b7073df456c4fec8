import type { PayMode } from '@portal/contracts';

export interface Device {
  mobile: boolean;
  /** Inside WeChat's own browser, which blocks Alipay pages and the alipays:// scheme. */
  wechat: boolean;
}

/** WeChat's in-app browser announces itself in the user agent. */
export function isWeChatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * The payment methods worth offering on this device, most used first (Alipay, then WeChat, USDT
 * last as the method for users abroad). The Alipay app scheme (urlscheme) opens only on a phone
 * with the app installed, so desktops do not see it; inside WeChat only WeChat Pay and USDT work.
 */
export function payModesFor({ mobile, wechat }: Device): PayMode[] {
  if (wechat) return ['wxpay', 'usdt'];
  if (mobile) return ['alipay', 'urlscheme', 'wxpay', 'usdt'];
  return ['alipay', 'wxpay', 'usdt'];
}

/**
 * The methods offered: this device's, less those the server has switched off. Until the server
 * answers (or if it cannot), the device's own, and a switched-off one is refused with 1108.
 */
export function offeredPayModes(forDevice: readonly PayMode[], enabled: readonly PayMode[] | undefined): PayMode[] {
  return enabled ? forDevice.filter((mode) => enabled.includes(mode)) : [...forDevice];
}
