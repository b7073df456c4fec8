import Bowser from 'bowser';

/** A signed-in device as people recognise it: browser and system from the User-Agent; null where it names none. */
export interface DeviceText {
  browser: string | null;
  os: string | null;
}

/** "Chrome 131", "Safari 17", "Windows 10", "iOS 17.5", "Android 14"; null for what the User-Agent does not name. */
export function describeDevice(userAgent: string | null): DeviceText {
  if (userAgent === null || userAgent.trim() === '') return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const browserName = parsed.browser.name?.trim() ?? '';
  const major = parsed.browser.version?.split('.')[0] ?? '';
  const osName = parsed.os.name?.trim() ?? '';
  const osVersion = parsed.os.versionName ?? parsed.os.version ?? '';
  return {
    browser: browserName === '' ? null : [browserName, major].filter(Boolean).join(' '),
    os: osName === '' ? null : [osName, osVersion].filter(Boolean).join(' '),
  };
}

/**
 * What makes a device "the same one" for the new-device mail: browser and system names (not their
 * versions, so an update is not a new device) and the address.
 */
export function deviceKey(userAgent: string | null, ip: string | null): string {
  if (userAgent === null || userAgent.trim() === '') return `||${ip ?? ''}`;
  const parsed = Bowser.parse(userAgent);
  return `${parsed.browser.name ?? ''}|${parsed.os.name ?? ''}|${ip ?? ''}`;
}
