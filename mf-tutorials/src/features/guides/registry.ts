import type { Guide } from './lib/guide';

/**
 * Every client guide by its route's page key. Each definition is its own chunk, so a tutorial
 * page downloads only its client's data.
 */
export const guideLoaders: Record<string, () => Promise<{ default: Guide }>> = {
  flclash_for_pc: () => import('./definitions/flclash-for-pc'),
  clash_for_windows: () => import('./definitions/clash-for-windows'),
  v2rayng_for_windows: () => import('./definitions/v2rayng-for-windows'),
  singbox_for_win: () => import('./definitions/singbox-for-win'),
  flclash_for_android: () => import('./definitions/flclash-for-android'),
  singbox_for_android: () => import('./definitions/singbox-for-android'),
  clash_for_android: () => import('./definitions/clash-for-android'),
  clash_meta_for_android: () => import('./definitions/clash-meta-for-android'),
  v2rayng_for_android: () => import('./definitions/v2rayng-for-android'),
  ss_for_ios: () => import('./definitions/ss-for-ios'),
  singbox_for_ios: () => import('./definitions/singbox-for-ios'),
  quantumultx_for_ios: () => import('./definitions/quantumultx-for-ios'),
  streisand_for_ios: () => import('./definitions/streisand-for-ios'),
  v2box_for_ios: () => import('./definitions/v2box-for-ios'),
  quantumult_for_ios: () => import('./definitions/quantumult-for-ios'),
  singbox_for_mac: () => import('./definitions/singbox-for-mac'),
  clash_for_macos: () => import('./definitions/clash-for-macos'),
};
