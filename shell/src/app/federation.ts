import type { ComponentType } from 'react';
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { PortalConfig, RemoteName } from '@portal/contracts';

/** What each remote exposes as './pages': page key → component (lazy inside the remote). */
export type RemotePages = Record<string, ComponentType>;

const RETRY_DELAYS_MS = [500, 1500];
const ATTEMPT_TIMEOUT_MS = 15000;

let entries: Record<RemoteName, string> | null = null;
const cache = new Map<RemoteName, Promise<RemotePages>>();

function absolute(url: string): string {
  return new URL(url, location.href).href;
}

export function registerPortalRemotes(config: PortalConfig): void {
  entries = config.remotes;
  registerRemotes(
    (Object.keys(config.remotes) as RemoteName[]).map((name) => ({ name, entry: absolute(config.remotes[name]) })),
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attempt(remote: RemoteName): Promise<RemotePages> {
  const module = await withTimeout(loadRemote<{ default: RemotePages }>(`${remote}/pages`), ATTEMPT_TIMEOUT_MS);
  if (!module?.default) throw new Error(`${remote} exposes no pages`);
  return module.default;
}

/** Forgets a failed remote so the next load fetches its manifest and scripts again. */
function reset(remote: RemoteName): void {
  if (entries) registerRemotes([{ name: remote, entry: absolute(entries[remote]) }], { force: true });
}

async function loadWithRetry(remote: RemoteName): Promise<RemotePages> {
  for (let i = 0; ; i += 1) {
    try {
      return await attempt(remote);
    } catch (error) {
      if (i >= RETRY_DELAYS_MS.length) throw error;
      console.warn(`remote ${remote} failed to load, retrying`, error);
      await sleep(RETRY_DELAYS_MS[i]!);
      reset(remote);
    }
  }
}

/**
 * Loads a remote's page map once. A failure stays cached (React re-renders to show the error
 * and must see the same rejected promise) until `forgetRemote` is called by a retry.
 */
export function loadRemotePages(remote: RemoteName): Promise<RemotePages> {
  let pending = cache.get(remote);
  if (!pending) {
    pending = loadWithRetry(remote);
    cache.set(remote, pending);
  }
  return pending;
}

/** Drops a failed load so that the next render fetches the remote again. */
export function forgetRemote(remote: RemoteName): void {
  cache.delete(remote);
  reset(remote);
}

/**
 * Fetches a remote's entry and page map ahead of a likely navigation (pointer over, touch on or
 * focus of a menu entry). The back office only ever for staff (any role, issue 25). A failed
 * prefetch is forgotten, so the navigation itself loads (and retries) as usual.
 */
export function prefetchRemote(remote: RemoteName, isStaff: boolean): void {
  if (remote === 'mf_admin' && !isStaff) return;
  if (!entries || cache.has(remote)) return;
  const pending = loadRemotePages(remote);
  pending.catch(() => {
    if (cache.get(remote) === pending) cache.delete(remote);
  });
}
