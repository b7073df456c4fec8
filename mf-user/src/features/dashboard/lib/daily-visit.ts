/**
 * "First visit of the day" for the purchase modal and the preferred-domain check: a cookie named
 * by a hash (spec-1 §3 `{hash}`, 1 day) holds the date of the last showing, so a visit shows again
 * on the next calendar day (browser time) and never twice on one day, whichever comes first.
 */

/** FNV-1a (32 bit) as 8 hex digits: a short, stable cookie name. */
export function hashName(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function dailyCookieName(purpose: string, userId: string): string {
  return hashName(`${purpose}:${userId}`);
}

export function isFirstVisitToday(cookieValue: string | undefined, today: string): boolean {
  return cookieValue !== today;
}

export interface DomainSwitch {
  /** Host the user prefers. */
  host: string;
  /** The current page on that host. */
  url: string;
}

/**
 * The domain-switch target when the user's preferred domain differs from the page host, else
 * null. preferDomain may be a bare host or a URL.
 */
export function preferredDomainSwitch(
  preferDomain: string | null | undefined,
  page: { protocol: string; host: string; hash: string },
): DomainSwitch | null {
  const value = preferDomain?.trim();
  if (!value) return null;
  let target: URL;
  try {
    target = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `${page.protocol}//${value}`);
  } catch {
    return null;
  }
  if (target.host.toLowerCase() === page.host.toLowerCase()) return null;
  return { host: target.host, url: `${target.protocol}//${target.host}/${page.hash}` };
}
