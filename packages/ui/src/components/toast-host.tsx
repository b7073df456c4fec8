import { useEffect, useState, type ComponentType } from 'react';
import type { Notice } from '@portal/platform';

type ToasterModule = typeof import('./toaster.js');

let loaded: ToasterModule | null = null;
let pending: Promise<ToasterModule> | null = null;
const hosts = new Set<(module: ToasterModule) => void>();

/** Fetches the toaster's chunk once; after a failure the next call tries again. */
function loadToaster(): Promise<ToasterModule> {
  pending ??= import('./toaster.js').then(
    (module) => {
      loaded = module;
      hosts.forEach((mount) => mount(module));
      return module;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Shows a toast (the platform's notifier). The first one fetches the toaster if no press did. */
export function showToast(notice: Notice): void {
  loadToaster().then(
    (module) => module.showToast(notice),
    (error: unknown) => console.error(`toast "${notice.title}" not shown: the toaster did not load`, error),
  );
}

/** Removes every toast at once (stories start with none, whatever the previous one raised). */
export function clearToasts(): void {
  loaded?.toaster.remove();
}

const PRELOAD_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Where the toasts render; PortalProvider mounts it once. The toaster is fetched at the first
 * pointer or key press, so a toast raised by a click is not held up by the fetch; toasts raised
 * before the host mounted are shown when it does.
 */
export function ToastHost() {
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loaded?.Toaster ?? null);
  useEffect(() => {
    const mount = (module: ToasterModule) => setToaster(() => module.Toaster);
    hosts.add(mount);
    if (loaded) mount(loaded);
    const preload = () => void loadToaster().catch(() => undefined);
    for (const type of PRELOAD_EVENTS)
      window.addEventListener(type, preload, { once: true, capture: true, passive: true });
    return () => {
      hosts.delete(mount);
      for (const type of PRELOAD_EVENTS) window.removeEventListener(type, preload, { capture: true });
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
