import { useEffect } from 'react';
import { create } from 'zustand';
import { Codes, cookieNames, type Permission, type UserInfo } from '@portal/contracts';
import { call } from './api-client.js';
import { getCookie, removeCookie } from './cookies.js';
import { requireLogin } from './require-login.js';

/** Raised on window after user info changes, and again once permissions arrive (spec-1 §4). */
export const USERINFO_CHANGE_EVENT = 'userinfoChange';

export type SessionStatus = 'unknown' | 'loading' | 'ready';

export interface SessionState {
  user: UserInfo | null;
  permissions: Permission[];
  status: SessionStatus;
  /** Re-reads user info and then permissions from the BFF. */
  refresh: () => Promise<UserInfo | null>;
  /** Ends the session on the server and forgets it here. */
  logout: () => Promise<void>;
  /** Used by stories and tests to set a user without a server. */
  setUser: (user: UserInfo | null) => void;
}

function announce(): void {
  window.dispatchEvent(new Event(USERINFO_CHANGE_EVENT));
}

/** The one session store of the page; federation shares this package as a singleton. */
export const useSession = create<SessionState>((set) => ({
  user: null,
  permissions: [],
  status: 'unknown',
  async refresh() {
    set({ status: 'loading' });
    const info = await call<UserInfo>('user/userinfo', {}, { quietExpiry: true });
    if (info.code !== Codes.OK) {
      if (info.code === Codes.SESSION_EXPIRED) removeCookie(cookieNames.token);
      set({ user: null, permissions: [], status: 'ready' });
      announce();
      return null;
    }
    set({ user: info.data, status: 'ready' });
    announce();
    const perms = await call<Permission[]>('permission/mypermissions', {}, { quietExpiry: true });
    if (perms.code === Codes.OK && Array.isArray(perms.data)) {
      set({ permissions: perms.data });
      announce();
    }
    return info.data;
  },
  async logout() {
    await call('user/logout', {});
    removeCookie(cookieNames.token);
    set({ user: null, permissions: [], status: 'ready' });
    announce();
  },
  setUser(user) {
    set({ user, status: 'ready' });
    announce();
  },
}));

/** True when the readable session marker exists (the client guard checks only this). */
export function hasSessionMarker(): boolean {
  return Boolean(getCookie(cookieNames.token));
}

/** At page start: loads the session when the marker says one exists, else settles as a visitor. */
export function startSession(): void {
  if (hasSessionMarker()) void useSession.getState().refresh();
  else useSession.setState({ status: 'ready' });
}

/**
 * Where a signed-in page stands with its session: `signedIn`; `loading`; `visitor` (no session:
 * sent to log in, spec-1 §4); or `failed`: the session marker is there but the user could not be
 * loaded (the network, the server), which is not a reason to send a signed-in user to log in.
 */
export type PageSession = 'signedIn' | 'loading' | 'visitor' | 'failed';

/** Where the page stands with its session (see PageSession), the user, and a retry for `failed`. */
export function usePageSession(): { state: PageSession; user: UserInfo | null; retry: () => Promise<unknown> } {
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const marker = hasSessionMarker();
  const state: PageSession =
    user !== null
      ? 'signedIn'
      : status === 'loading' || (status === 'unknown' && marker)
        ? 'loading'
        : status === 'ready' && marker
          ? 'failed'
          : 'visitor';
  return { state, user, retry: () => useSession.getState().refresh() };
}

/** The session of a page for signed-in users: as usePageSession, and a visitor is sent to log in. */
export function useSignedInPage(): ReturnType<typeof usePageSession> {
  const session = usePageSession();
  useEffect(() => {
    if (session.state === 'visitor') requireLogin();
  }, [session.state]);
  return session;
}
