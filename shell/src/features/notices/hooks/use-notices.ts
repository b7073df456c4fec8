import { useCallback, useEffect, useRef, useState } from 'react';
import { Codes, type Notice } from '@portal/contracts';
import { USERINFO_CHANGE_EVENT, useSession } from '@portal/platform';
import { listNotices } from '../api/list-notices';
import { markNoticeClicked } from '../api/mark-notice-clicked';

export type NoticesStatus = 'loading' | 'ready' | 'error';

interface Loaded {
  userId: string;
  status: NoticesStatus;
  notices: Notice[];
}

export interface NoticesApi {
  status: NoticesStatus;
  notices: Notice[];
  /** Loads again, showing the loading state (the retry of the error view). */
  reload: () => void;
  /** Marks a notice read on the server and drops it from the list. */
  markClicked: (notice: Notice) => Promise<void>;
}

/**
 * The signed-in user's unread notices: loaded when a user is present and again on every
 * `userinfoChange`. Kept in the header's state, not a global store (server data).
 */
export function useNotices(): NoticesApi {
  const userId = useSession((s) => s.user?._id);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** The user whose list is on its way, if any. */
  const inFlight = useRef<string | null>(null);

  // Asks for the list unless a request is already on its way; the answer lands in a callback.
  const fetchFor = useCallback((owner: string) => {
    if (inFlight.current === owner) return;
    inFlight.current = owner;
    void listNotices()
      .then((result) => {
        // The user may have logged out or changed while the list was on its way.
        if (useSession.getState().user?._id !== owner) return;
        setLoaded(
          result.code === Codes.OK
            ? { userId: owner, status: 'ready', notices: result.data }
            : { userId: owner, status: 'error', notices: [] },
        );
      })
      .finally(() => {
        if (inFlight.current === owner) inFlight.current = null;
      });
  }, []);

  useEffect(() => {
    if (!userId) return;
    fetchFor(userId);
    const onUserInfoChange = () => {
      const current = useSession.getState().user?._id;
      if (current) fetchFor(current);
    };
    window.addEventListener(USERINFO_CHANGE_EVENT, onUserInfoChange);
    return () => window.removeEventListener(USERINFO_CHANGE_EVENT, onUserInfoChange);
  }, [userId, fetchFor]);

  const markClicked = useCallback(async (notice: Notice) => {
    setLoaded((prev) => prev && { ...prev, notices: prev.notices.filter((n) => n._id !== notice._id) });
    await markNoticeClicked(notice._id);
  }, []);

  const reload = useCallback(() => {
    if (!userId) return;
    setLoaded({ userId, status: 'loading', notices: [] });
    fetchFor(userId);
  }, [userId, fetchFor]);

  if (!userId) return { status: 'ready', notices: [], reload, markClicked };
  // Until the first answer for this user arrives, the list is loading.
  if (loaded?.userId !== userId) return { status: 'loading', notices: [], reload, markClicked };
  return { status: loaded.status, notices: loaded.notices, reload, markClicked };
}
