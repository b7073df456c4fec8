// Runs in the shell's synchronous entry, before federation has set up the shared modules: only
// type imports from the shared packages are allowed here.
import type { BootData, PortalConfig } from '@portal/contracts';

/** `BOOT_DATA_ID` of @portal/contracts (a value import would need the shared module). */
export const BOOT_DATA_ELEMENT_ID = 'portal-boot';

/** The boot data the BFF inlined into the page, or null (a development server's page). */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

/** The inlined run-time config, when the page carries one. */
export function inlinePortalConfig(doc: Document = document): PortalConfig | null {
  return readBootData(doc)?.config ?? null;
}

/** The route path of a location hash: '#/login?x=1' → '/login', '' → '/'. */
export function routePathOf(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === '' ? '/' : path;
}

/** What to fetch at once for the route in the address: the manifest, then the scripts. */
export function firstRouteAssets(boot: BootData, hash: string): { manifest?: string; scripts: string[] } {
  const [remote, page] = boot.routes[routePathOf(hash)] ?? boot.routes['/'] ?? [];
  const preload = remote ? boot.preload[remote] : undefined;
  if (!preload || !page) return { scripts: [] };
  const scripts = [preload.entry, ...(preload.expose ?? []), ...(preload.pages?.[page] ?? [])];
  return { manifest: preload.manifest, scripts: scripts.filter((url): url is string => Boolean(url)) };
}

/**
 * Adds preload links for the first route's remote, so that it downloads alongside the shell's
 * own chunks instead of after them. The attributes match how the federation runtime fetches
 * them, or Chromium fetches twice: the manifest with `fetch(url)` (CORS, credentials
 * same-origin = crossorigin="anonymous"), the entry and chunks with plain script elements (no
 * crossorigin attribute).
 */
export function preloadFirstRoute(boot: BootData, hash: string, doc: Document = document): void {
  const { manifest, scripts } = firstRouteAssets(boot, hash);
  const add = (href: string, as: 'fetch' | 'script') => {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    if (as === 'fetch') link.crossOrigin = 'anonymous';
    link.onerror = () => consumeFailedPreload(doc, href, as);
    doc.head.appendChild(link);
  };
  if (manifest) add(manifest, 'fetch');
  for (const script of scripts) add(script, 'script');
}

/**
 * Chromium hands a failed preload to the next request that matches it, which then fails without
 * touching the network: the remote's retry after an outage would fail once more, and a page
 * chunk's lazy import has no retry at all. A matching request of our own takes the failure
 * instead (it fails at once, or really fetches when the preload was already used).
 */
function consumeFailedPreload(doc: Document, href: string, as: 'fetch' | 'script'): void {
  if (as === 'fetch') {
    void fetch(href).catch(() => undefined);
    return;
  }
  const script = doc.createElement('script');
  script.src = href;
  script.onload = script.onerror = () => script.remove();
  doc.head.appendChild(script);
}
