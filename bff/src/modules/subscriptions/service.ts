import { Codes, PRODUCT_NAME, SPEED_TEST_URL } from '@portal/contracts';
import { DomainError } from '../../lib/domain-error.js';
import type { NetworkRepository } from '../network/index.js';
import type { SettingsService } from '../settings/index.js';
import { formats } from './formats/index.js';
import { parseRules, type FormatContext } from './formats/context.js';
import { shareLink } from './formats/links.js';
import { isSubscriptionKind, type SubscriptionKind } from '@portal/contracts';
import { featureOf, type Proxy } from './model.js';
import {
  accessState,
  placeholderProxy,
  selectProxies,
  type CandidateLine,
  type ServiceMoment,
  type SubscriberUser,
} from './rules.js';
import { serviceDay } from '../../lib/service-day.js';

/** The device gate and the record of fetches (modules/client-devices). */
export interface SubscriptionGate {
  admit(user: SubscriberUser, client: SubscriptionClient): Promise<'ok' | 'device_limit' | 'no_hwid'>;
  record(userId: string, client: SubscriptionClient, kind: string, admission: 'ok' | 'device_limit' | 'no_hwid'): void;
}

export interface SubscriptionDeps {
  findUser(id: string, userkey: string): Promise<SubscriberUser | undefined>;
  /** Without it (tests of the formats), every fetch is let through and none recorded. */
  gate?: SubscriptionGate;
  network: Pick<NetworkRepository, 'publicLines' | 'activePermissionIds'>;
  settings: SettingsService;
  /** The service's calendar (SERVICE_TIMEZONE): daily allowances reset by its day. */
  timeZone: string;
  now?: () => Date;
}

/**
 * Who asks for a subscription: the address and what the client says of itself. Modern clients
 * (Happ, v2RayTun, FlClash, Hiddify…) send a hardware id with the device's system and model.
 */
export interface SubscriptionClient {
  ip: string;
  userAgent: string;
  /** `x-hwid` */
  hwid?: string;
  /** `x-device-os` */
  deviceOs?: string;
  /** `x-ver-os` */
  osVersion?: string;
  /** `x-device-model` */
  deviceModel?: string;
}

export interface SubscriptionRequest {
  kind: string;
  userId: string;
  userkey: string;
  query: Record<string, string | undefined>;
  /** The subscription's own URL and the describe base (`{base}/describe/...`). */
  url: string;
  base: string;
  client: SubscriptionClient;
}

export interface SubscriptionResponse {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

/** Keeps the protocols the client can use; the placeholder when nothing is left. */
export function forClient(kind: SubscriptionKind, proxies: readonly Proxy[], fallback: Proxy): Proxy[] {
  const features = new Set(formats[kind].features);
  const usable = proxies.filter((p) => features.has(featureOf(p)));
  return usable.length > 0 ? usable : [fallback];
}

/** RFC 5987 `content-disposition` with an ASCII fallback. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function createSubscriptionService({
  findUser,
  gate,
  network,
  settings,
  timeZone,
  now = () => new Date(),
}: SubscriptionDeps) {
  const moment = (): ServiceMoment => {
    const at = now();
    return { now: at, today: serviceDay(at, timeZone) };
  };

  /** Wrong key, empty key, unknown user and unknown kind: one and the same answer. */
  async function owner(userId: string, userkey: string): Promise<SubscriberUser> {
    const user = userId !== '' && userkey !== '' ? await findUser(userId, userkey) : undefined;
    if (user === undefined) throw new DomainError(Codes.NOT_FOUND);
    return user;
  }

  /** The user's proxies, and the informative entry a client shows when none is left for it. */
  async function proxiesOf(user: SubscriberUser): Promise<{ proxies: Proxy[]; fallback: Proxy }> {
    const at = moment();
    const state = accessState(user, at);
    const fallback = placeholderProxy(state === 'ok' ? 'no_lines' : state, user.useEnglishNode);
    if (state !== 'ok') return { proxies: [], fallback };
    const [candidates, permissionIds] = await Promise.all([
      network.publicLines(),
      network.activePermissionIds(user.id, at.now),
    ]);
    return { proxies: selectProxies(user, candidates as CandidateLine[], new Set(permissionIds), at), fallback };
  }

  return {
    async generate(request: SubscriptionRequest): Promise<SubscriptionResponse> {
      if (!isSubscriptionKind(request.kind)) {
        await owner('', ''); // same answer as a wrong key
      }
      const kind = request.kind as SubscriptionKind;
      const user = await owner(request.userId, request.userkey);
      const cfg = await settings.getMany([
        'subscription_title',
        'subscription_update_hours',
        'subscription_group_select',
        'subscription_group_auto',
        'subscription_rules',
      ]);
      // A device beyond the user's limit (or without a hardware id, as the operator chose) gets the
      // informative entry instead of lines.
      const admission = gate === undefined ? 'ok' : await gate.admit(user, request.client);
      gate?.record(user.id, request.client, kind, admission);
      const { proxies, fallback } =
        admission === 'ok'
          ? await proxiesOf(user)
          : { proxies: [], fallback: placeholderProxy(admission, user.useEnglishNode) };
      const title = cfg.subscription_title || PRODUCT_NAME;
      const host = safeHost(request.url);
      const ctx: FormatContext = {
        proxies: forClient(kind, proxies, fallback),
        title,
        url: request.url,
        host,
        base: request.base,
        rules: parseRules(cfg.subscription_rules),
        groups: { select: cfg.subscription_group_select, auto: cfg.subscription_group_auto },
        speedTestUrl: SPEED_TEST_URL,
        updateHours: cfg.subscription_update_hours,
        query: request.query,
      };
      const format = formats[kind];
      const body = format.render(ctx);
      const expire = user.vipExpireTime !== null ? Math.floor(user.vipExpireTime.getTime() / 1000) : 0;
      const name = request.query.name !== undefined && request.query.name !== '' ? request.query.name : title;
      return {
        body,
        contentType: format.contentType,
        headers: {
          'subscription-userinfo': `upload=0; download=${user.spendTraffic}; total=${user.traffic}; expire=${expire}`,
          'profile-update-interval': String(cfg.subscription_update_hours),
          'profile-title': `base64:${Buffer.from(name, 'utf8').toString('base64')}`,
          'content-disposition': contentDisposition(`${name}.${format.extension}`),
          'cache-control': 'no-store',
        },
      };
    },

    /** The universal link's page for a browser: the owner (the same refusal as a wrong key) and the title. */
    async pageFacts(userId: string, userkey: string): Promise<{ user: SubscriberUser; title: string }> {
      const user = await owner(userId, userkey);
      return { user, title: (await settings.get('subscription_title')) || PRODUCT_NAME };
    },

    /** `/user/getUserAllURL?type=ssr`: the signed-in user's share links, one per line (Shadowrocket's set). */
    async allLinks(user: SubscriberUser): Promise<string> {
      const { proxies, fallback } = await proxiesOf(user);
      return `${forClient('ssr', proxies, fallback)
        .map((p) => shareLink(p))
        .join('\n')}\n`;
    },
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
