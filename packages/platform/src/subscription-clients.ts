import {
  oneTapUrl,
  quantumultXResource,
  qxRuleHost,
  shadowrocketSub,
  type SubscriptionLinks,
} from './subscription-links.js';

/**
 * Every client app of spec-1 and how its subscribe menu works: which link it copies and shows as a
 * QR code, which URL scheme imports it in one tap, and on which devices that works.
 */
export type ClientId =
  | 'shadowrocket'
  | 'flclash'
  | 'ssr'
  | 'loon'
  | 'clash'
  | 'surge'
  | 'quantumultx'
  | 'surfboard'
  | 'clashMeta'
  | 'v2box'
  | 'streisand'
  | 'quantumult'
  | 'singbox'
  | 'v2rayng'
  | 'v2ray'
  | 'universal';

type LinkOf = (links: SubscriptionLinks) => string;

export interface SubscriptionClient {
  id: ClientId;
  name: string;
  /** The link copied to the clipboard. */
  link: LinkOf;
  /** What the QR code holds (the link unless the client scans another form). */
  qr?: LinkOf;
  oneTap?: LinkOf;
  /** One-tap import works only on a phone, or only on iOS. */
  oneTapNeeds?: 'mobile' | 'ios';
  /** Shadowrocket and SSR check that user info carries the user id before opening. */
  checksUserId?: boolean;
  /** Clash Meta's second link, with flag emoji in node names. */
  moji?: { link: LinkOf; oneTap: LinkOf };
}

export const clients: Record<ClientId, SubscriptionClient> = {
  shadowrocket: {
    id: 'shadowrocket',
    name: 'Shadowrocket',
    link: (l) => l.ss,
    qr: (l) => shadowrocketSub(l.ss),
    oneTap: (l) => oneTapUrl.shadowrocket(l.ss),
    oneTapNeeds: 'mobile',
    checksUserId: true,
  },
  flclash: { id: 'flclash', name: 'FLClash', link: (l) => l.flclash, oneTap: (l) => oneTapUrl.flclash(l.flclash) },
  ssr: { id: 'ssr', name: 'SSR', link: (l) => l.ssr, checksUserId: true },
  loon: { id: 'loon', name: 'Loon', link: (l) => l.ss, oneTap: (l) => oneTapUrl.loon(l.ss) },
  clash: { id: 'clash', name: 'Clash', link: (l) => l.clash, oneTap: (l) => oneTapUrl.clash(l.clashNamed) },
  surge: {
    id: 'surge',
    name: 'Surge',
    link: (l) => l.surge,
    oneTap: (l) => oneTapUrl.surge(l.surge),
    oneTapNeeds: 'ios',
  },
  quantumultx: {
    id: 'quantumultx',
    name: 'QuantumultX',
    link: (l) => l.qx,
    oneTap: (l) => oneTapUrl.quantumultX(quantumultXResource(l.qx, qxRuleHost(l.contentBase))),
    oneTapNeeds: 'mobile',
  },
  surfboard: {
    id: 'surfboard',
    name: 'Surfboard',
    link: (l) => l.surfboard,
    oneTap: (l) => oneTapUrl.surfboard(l.surfboard),
  },
  clashMeta: {
    id: 'clashMeta',
    name: 'Clash Meta',
    link: (l) => l.clash,
    oneTap: (l) => oneTapUrl.clashMeta(l.clashNamed),
    moji: { link: (l) => l.mjclash, oneTap: (l) => oneTapUrl.clashMeta(l.mjclash) },
  },
  v2box: { id: 'v2box', name: 'V2Box', link: (l) => l.v2box, oneTap: (l) => oneTapUrl.v2box(l.v2box) },
  universal: {
    id: 'universal',
    name: '通用订阅链接',
    link: (l) => l.auto,
  },
  streisand: {
    id: 'streisand',
    name: 'Streisand',
    link: (l) => l.streisand,
    oneTap: (l) => oneTapUrl.streisand(l.streisand),
  },
  quantumult: {
    id: 'quantumult',
    name: 'Quantumult',
    link: (l) => l.q,
    oneTap: (l) => oneTapUrl.quantumult(l.q, l.qFilter),
    oneTapNeeds: 'mobile',
  },
  singbox: { id: 'singbox', name: 'sing-box', link: (l) => l.singbox, oneTap: (l) => oneTapUrl.singbox(l.singbox) },
  v2rayng: { id: 'v2rayng', name: 'v2rayNG', link: (l) => l.v2rayng, oneTap: (l) => oneTapUrl.v2rayng(l.v2rayng) },
  // v2rayN and other generic v2ray clients register no URL scheme: copy or scan only.
  v2ray: { id: 'v2ray', name: 'v2ray', link: (l) => l.v2rayng },
};

/** Why a subscribe menu does not open: no user info, or (Shadowrocket, SSR) no user id yet. */
export function menuOpenBlock(
  client: Pick<SubscriptionClient, 'checksUserId'>,
  user: { _id?: string | null } | null,
): 'loginFirst' | 'networkRetry' | null {
  if (!user) return 'loginFirst';
  if (client.checksUserId && !user._id) return 'networkRetry';
  return null;
}

/** Why a one-tap import is refused on this device. */
export function oneTapBlock(
  client: Pick<SubscriptionClient, 'oneTapNeeds'>,
  device: { mobile: boolean; ios: boolean },
): 'mobileOnly' | 'surgeIosOnly' | null {
  if (client.oneTapNeeds === 'mobile' && !device.mobile) return 'mobileOnly';
  if (client.oneTapNeeds === 'ios' && !device.ios) return 'surgeIosOnly';
  return null;
}
