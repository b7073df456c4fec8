export type Platform = 'windows' | 'android' | 'ios' | 'macos';

/** Detects the visitor's platform from the user agent; Windows is the default (spec-1 §9). */
export function detectPlatform(userAgent: string = navigator.userAgent): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh|mac os x/i.test(userAgent)) return 'macos';
  return 'windows';
}

export function isMobile(userAgent: string = navigator.userAgent): boolean {
  return /android|iphone|ipad|ipod|mobile|harmonyos/i.test(userAgent);
}

export function isIOS(userAgent: string = navigator.userAgent): boolean {
  return /iphone|ipad|ipod/i.test(userAgent);
}
