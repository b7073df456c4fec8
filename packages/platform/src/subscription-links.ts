import {
  PRODUCT_NAME,
  QX_REWRITE_TAG,
  QX_RULES_UPDATE_SECONDS,
  QX_SERVER_UPDATE_SECONDS,
  qxRuleSets,
  type SubscriptionKind,
} from '@portal/contracts';

/**
 * Subscription links of spec-1 §7 and the URL schemes that hand them to client apps.
 * Pure functions: the dashboard's menus and the tutorials build every link here.
 */

/** The user fields a link is made of. */
export interface LinkOwner {
  _id: string;
  userkey: string;
  describe_host?: string;
  /** Where the rule files are fetched from (userinfo's content_host); '' or absent: `base`. */
  content_host?: string;
}

/** Name under which clients list the subscription. */
export const SUBSCRIPTION_NAME = PRODUCT_NAME;

const trimSlashes = (value: string): string => value.trim().replace(/\/+$/, '');

/**
 * Base URL of every link: the user's describe_host, else the portal's configured describe host,
 * else the page's own origin.
 */
export function subscriptionBase(
  owner: Pick<LinkOwner, 'describe_host'> | null | undefined,
  portalDescribeHost: string | null | undefined,
  origin: string,
): string {
  for (const candidate of [owner?.describe_host, portalDescribeHost, origin]) {
    if (candidate && candidate.trim() !== '') return trimSlashes(candidate);
  }
  return '';
}

/** `{base}/api/subscript/{kind}/{_id}/{userkey}`, with an optional query. */
export function subscriptionLink(
  base: string,
  kind: SubscriptionKind,
  owner: Pick<LinkOwner, '_id' | 'userkey'>,
  query?: Record<string, string>,
): string {
  const path = `${trimSlashes(base)}/api/subscript/${kind}/${encodeURIComponent(owner._id)}/${encodeURIComponent(owner.userkey)}`;
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** `{base}/api/subscript/auto/{_id}/{userkey}`: one link for every client (the format by the client that asks). */
export function universalLink(base: string, owner: Pick<LinkOwner, '_id' | 'userkey'>): string {
  return `${trimSlashes(base)}/api/subscript/auto/${encodeURIComponent(owner._id)}/${encodeURIComponent(owner.userkey)}`;
}

/** Quantumult's filter file. */
export function quantumultFilterLink(base: string): string {
  return `${trimSlashes(base)}/describe/q.filter`;
}

/**
 * Where the QuantumultX rule sets live: the content host the operator set (contentUrl_guonei, or
 * contentUrl_guowai for users abroad, a mirror of `/describe/`), else beside the subscription.
 */
export function qxRuleHost(base: string): string {
  return `${trimSlashes(base)}/describe/qx`;
}

export interface QuantumultXResource {
  server_remote: string[];
  filter_remote: string[];
  rewrite_remote: string[];
}

/** The remote-resource JSON of QuantumultX's add-resource scheme. */
export function quantumultXResource(
  serverLink: string,
  ruleHost: string,
  name: string = SUBSCRIPTION_NAME,
): QuantumultXResource {
  const host = trimSlashes(ruleHost);
  const options = (interval: number) => `update-interval=${interval}, opt-parser=false, enabled=true`;
  return {
    server_remote: [`${serverLink}, tag=${name}, ${options(QX_SERVER_UPDATE_SECONDS)}`],
    filter_remote: qxRuleSets.map(
      ({ tag, policy }) =>
        `${host}/${tag}.list, tag=${tag}, force-policy=${policy}, ${options(QX_RULES_UPDATE_SECONDS)}`,
    ),
    rewrite_remote: [`${host}/${QX_REWRITE_TAG}.conf, tag=${QX_REWRITE_TAG}, ${options(QX_RULES_UPDATE_SECONDS)}`],
  };
}

/** Base64 of the UTF-8 bytes. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Web-safe base64 without padding (Quantumult's and Shadowrocket's `sub://` form). */
export function base64Url(text: string): string {
  return base64Utf8(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Every link one user needs, built once. */
export interface SubscriptionLinks {
  base: string;
  /** Where the rule files (q.filter, QuantumultX's rule sets) are fetched from. */
  contentBase: string;
  clash: string;
  /** Clash's link with the name query, used for one-tap import. */
  clashNamed: string;
  /** Clash Meta with the moji option. */
  mjclash: string;
  flclash: string;
  ss: string;
  ssr: string;
  v2box: string;
  /** v2rayNG / v2rayN / generic v2ray subscription (the v2box content with the name query). */
  v2rayng: string;
  streisand: string;
  surge: string;
  surfboard: string;
  qx: string;
  q: string;
  qFilter: string;
  singbox: string;
  /** The universal link: each client gets its own format, a browser the subscription page. */
  auto: string;
}

export function buildSubscriptionLinks(
  owner: LinkOwner,
  portalDescribeHost: string | null | undefined,
  origin: string,
  name: string = SUBSCRIPTION_NAME,
): SubscriptionLinks {
  const base = subscriptionBase(owner, portalDescribeHost, origin);
  const link = (kind: SubscriptionKind, query?: Record<string, string>) => subscriptionLink(base, kind, owner, query);
  return {
    base,
    contentBase: trimSlashes(owner.content_host || base),
    clash: link('clash'),
    clashNamed: link('clash', { name }),
    mjclash: link('mjclash'),
    flclash: link('flclash'),
    ss: link('ss'),
    ssr: link('ssr'),
    v2box: link('v2box', { name }),
    v2rayng: link('v2box', { name }),
    streisand: link('v2box', { name, asn: 'unknown', mode: 'new', base64: 'True' }),
    surge: link('surge'),
    surfboard: link('surfboard'),
    qx: link('qx'),
    q: link('q'),
    qFilter: quantumultFilterLink(trimSlashes(owner.content_host || base)),
    singbox: link('singbox'),
    auto: universalLink(base, owner),
  };
}

const enc = encodeURIComponent;

/**
 * One-tap import URLs, in the form each client registers:
 * Clash / Clash for Android / ClashX `clash://install-config`, Clash Meta for Android
 * `clashmeta://install-config`, FlClash `flclash://install-config`, sing-box
 * `sing-box://import-remote-profile` (name in the fragment), Shadowrocket `shadowrocket://add/sub://`
 * (web-safe base64 of the link), QuantumultX `quantumult-x:///add-resource` (URL-encoded JSON,
 * keeps the user's other resources), Quantumult `quantumult://configuration` (web-safe base64
 * without padding), Surge and Surfboard `///install-config`, Loon `loon://import?nodelist=`
 * (a node subscription, not a whole configuration), V2Box `v2box://install-sub`, v2rayNG
 * `v2rayng://install-sub` (name in the fragment), Streisand `streisand://import/<link>`.
 */
export const oneTapUrl = {
  clash: (link: string, name: string = SUBSCRIPTION_NAME) =>
    `clash://install-config?url=${enc(link)}&name=${enc(name)}`,
  clashMeta: (link: string, name: string = SUBSCRIPTION_NAME) =>
    `clashmeta://install-config?url=${enc(link)}&name=${enc(name)}`,
  flclash: (link: string) => `flclash://install-config?url=${enc(link)}`,
  singbox: (link: string, name: string = SUBSCRIPTION_NAME) =>
    `sing-box://import-remote-profile?url=${enc(link)}#${enc(name)}`,
  shadowrocket: (link: string, name: string = SUBSCRIPTION_NAME) =>
    `shadowrocket://add/${shadowrocketSub(link)}?remark=${enc(name)}`,
  quantumultX: (resource: QuantumultXResource) =>
    `quantumult-x:///add-resource?remote-resource=${enc(JSON.stringify(resource))}`,
  quantumult: (link: string, filterLink: string) =>
    `quantumult://configuration?server=${base64Url(link)}&filter=${base64Url(filterLink)}`,
  surge: (link: string) => `surge:///install-config?url=${enc(link)}`,
  surfboard: (link: string) => `surfboard:///install-config?url=${enc(link)}`,
  loon: (link: string) => `loon://import?nodelist=${enc(link)}`,
  v2box: (link: string, name: string = SUBSCRIPTION_NAME) => `v2box://install-sub?url=${enc(link)}&name=${enc(name)}`,
  v2rayng: (link: string, name: string = SUBSCRIPTION_NAME) => `v2rayng://install-sub?url=${enc(link)}#${enc(name)}`,
  streisand: (link: string, name: string = SUBSCRIPTION_NAME) => `streisand://import/${link}#${enc(name)}`,
} as const;

/** Shadowrocket's subscription form `sub://<base64(link)>`, also what its QR scanner reads. */
export function shadowrocketSub(link: string): string {
  return `sub://${base64Url(link)}`;
}
