import { clientVersions, userMessages } from '@portal/contracts';
import { type ClientId, type Platform, type SubscriptionClient } from '@portal/platform';

export type MenuAction = 'import' | 'importMoji' | 'copy' | 'copyMoji' | 'qr' | 'reset';

/** The entries of a client's subscribe menu, in display order. */
export function menuActions(client: SubscriptionClient): MenuAction[] {
  const actions: MenuAction[] = [];
  if (client.oneTap) actions.push('import');
  if (client.moji) actions.push('importMoji');
  actions.push('copy');
  if (client.moji) actions.push('copyMoji');
  actions.push('qr', 'reset');
  return actions;
}

export const menuActionLabels: Record<MenuAction, string> = {
  import: userMessages.menu.import,
  importMoji: userMessages.menu.importMoji,
  copy: userMessages.menu.copy,
  copyMoji: userMessages.menu.copyMoji,
  qr: userMessages.menu.qr,
  reset: userMessages.menu.reset,
};

/** A client as the 'start using' card lists it for one platform. */
export interface PlatformClient {
  client: ClientId;
  /** Name shown on the card when it differs from the client's. */
  label?: string;
  version?: string;
  tutorial: string;
  recommended?: boolean;
  note?: string;
}

export const platformOrder: readonly Platform[] = ['windows', 'android', 'ios', 'macos'];
export const platformLabels: Record<Platform, string> = {
  windows: 'Windows',
  android: 'Android',
  ios: 'iOS',
  macos: 'macOS',
};

/** Spec-1 §2 'Clients per platform', with their tutorial routes and listed versions (§9). */
export const platformClients: Record<Platform, readonly PlatformClient[]> = {
  windows: [
    {
      client: 'flclash',
      version: clientVersions.flclash,
      tutorial: '/flclash_for_pc',
      recommended: true,
      note: userMessages.startUsing.directNodes,
    },
    { client: 'clash', version: clientVersions.clashWindows, tutorial: '/clash_for_windows' },
    {
      client: 'v2ray',
      label: 'v2ray',
      version: `v2rayN ≥ ${clientVersions.v2rayNMin}`,
      tutorial: '/v2rayng_for_windows',
    },
  ],
  android: [
    { client: 'flclash', version: clientVersions.flclashAndroidApk, tutorial: '/flclash_for_android' },
    { client: 'singbox', label: 'SingBox', version: clientVersions.singbox, tutorial: '/singbox_for_android' },
    { client: 'clash', version: clientVersions.clashAndroid, tutorial: '/clash_for_android' },
    { client: 'v2rayng', version: clientVersions.v2rayng, tutorial: '/v2rayng_for_android' },
    { client: 'clashMeta', version: clientVersions.clashMeta, tutorial: '/clash_meta_for_android' },
  ],
  ios: [
    { client: 'shadowrocket', tutorial: '/ss_for_ios' },
    { client: 'singbox', label: 'SingBox', tutorial: '/singbox_for_ios' },
    { client: 'quantumultx', tutorial: '/quantumultx_for_ios' },
    { client: 'streisand', tutorial: '/streisand_for_ios' },
    { client: 'v2box', tutorial: '/v2box_for_ios' },
  ],
  macos: [
    { client: 'flclash', version: clientVersions.flclash, tutorial: '/flclash_for_pc' },
    { client: 'singbox', label: 'SingBox', tutorial: '/singbox_for_mac' },
    { client: 'clash', label: 'ClashX', version: clientVersions.clashMac, tutorial: '/clash_for_macos' },
    { client: 'v2ray', label: 'v2ray 通用订阅链接', tutorial: '/v2rayng_for_windows' },
  ],
};

/** The advanced-import card: the main clients, then the other variants. */
export const advancedClients: readonly { client: ClientId; badge?: 'recommended' | 'noDirect' }[] = [
  { client: 'shadowrocket' },
  { client: 'flclash' },
  { client: 'ssr' },
  { client: 'loon', badge: 'recommended' },
  { client: 'clash' },
  { client: 'surge' },
  { client: 'quantumultx' },
  { client: 'surfboard', badge: 'noDirect' },
];
export const advancedVariants: readonly ClientId[] = ['clashMeta', 'v2box', 'streisand', 'quantumult', 'singbox'];
