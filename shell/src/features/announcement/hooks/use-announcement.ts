import { useCallback, useEffect, useRef, useState } from 'react';
import { Codes, type AnnouncementConfig } from '@portal/contracts';
import { takeDialogTurn } from '@portal/ui';
import { getHostInfo } from '@portal/platform';
import {
  announcementFingerprint,
  browserStorage,
  hasAnnouncementText,
  normalizeAnnouncement,
  readSeen,
  shouldShowAnnouncement,
  writeSeen,
} from '../lib/announcement-schedule';

export type AnnouncementState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; notice: AnnouncementConfig | null };

export interface AnnouncementApi {
  state: AnnouncementState;
  open: boolean;
  /** True once the dialog was wanted: its code is fetched from then on, not before. */
  wanted: boolean;
  show: () => void;
  setOpen: (open: boolean) => void;
  retry: () => void;
  /** Called when its code could not be loaded. */
  forget: () => void;
}

function remember(notice: AnnouncementConfig | null): void {
  if (hasAnnouncementText(notice))
    writeSeen(browserStorage(), { at: Date.now(), fingerprint: announcementFingerprint(notice) });
}

/**
 * The announcement of POST host/get: fetched once per page load; it opens by itself when
 * `notice_show` is on and its interval has passed, and `show` reopens it at any time.
 */
export function useAnnouncement(): AnnouncementApi {
  const [state, setState] = useState<AnnouncementState>({ status: 'loading' });
  const [open, setOpenState] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Ends the automatic showing's wait for its turn, or gives the turn back once it has it.
  const releaseTurn = useRef<() => void>(() => undefined);

  // Fetches host/get; the answer lands in a callback. `openIfDue` is the automatic showing.
  const load = useCallback((openIfDue: boolean) => {
    void getHostInfo().then((result) => {
      if (result.code !== Codes.OK) {
        setState({ status: 'error' });
        return;
      }
      const notice = normalizeAnnouncement(result.data?.notice);
      setState({ status: 'ready', notice });
      if (openIfDue && notice && shouldShowAnnouncement(notice, readSeen(browserStorage()), new Date())) {
        releaseTurn.current = takeDialogTurn(() => {
          remember(notice);
          setWanted(true);
          setOpenState(true);
        });
      }
    });
  }, []);

  useEffect(() => {
    load(true);
    return () => releaseTurn.current();
  }, [load]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    load(false);
  }, [load]);

  const show = useCallback(() => {
    setWanted(true);
    setOpenState(true);
    if (state.status === 'ready') remember(state.notice);
    if (state.status === 'error') retry();
  }, [state, retry]);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    if (!next) releaseTurn.current();
  }, []);

  const forget = useCallback(() => {
    setWanted(false);
    releaseTurn.current();
  }, []);

  return { state, open, wanted, show, setOpen, retry, forget };
}
