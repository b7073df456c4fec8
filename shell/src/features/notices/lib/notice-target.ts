/** Where following a notice leads: a portal route, another address, or nowhere. */
export type NoticeTarget = { kind: 'route'; path: string } | { kind: 'external'; url: string } | { kind: 'none' };

const routeFromHash = (hash: string): NoticeTarget => {
  const path = hash.replace(/^#/, '');
  return { kind: 'route', path: path.startsWith('/') ? path : `/${path}` };
};

/**
 * A notice's href is a portal hash path ('#/shop', '/#/shop', or the bare route '/shop') or an
 * absolute address. Addresses on this portal with a hash route stay inside the app; anything but
 * http(s) (a `javascript:` link, say) is never followed.
 */
export function noticeTarget(href: string, origin: string): NoticeTarget {
  const value = href.trim();
  if (!value) return { kind: 'none' };
  if (value.startsWith('#')) return routeFromHash(value);
  if (value.startsWith('/#')) return routeFromHash(value.slice(1));
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'route', path: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin === origin && (url.pathname === '/' || url.pathname === '') && url.hash.startsWith('#/')) {
    return routeFromHash(url.hash);
  }
  return { kind: 'external', url: url.href };
}
