import { useCallback, useEffect, useRef, useState } from 'react';
import { Codes, toastMs } from '@portal/contracts';
import { NETWORK_ERROR_TOAST, notify, type CallData, type CallOptions, type CallResult } from '@portal/platform';
import { createOutageNotice } from '../lib/outage-notice';
import { startPolling } from '../lib/polling';

export interface PolledCall<T> {
  state: CallData<T>;
  /** Calls again showing the loading state (after an error). */
  retry: () => void;
  /** Calls again quietly: what is shown stays until the answer replaces it. */
  refresh: () => Promise<void>;
  /** Shows an answer another call brought (a reply returns the whole thread). */
  set: (data: T) => void;
}

const tabHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * One call's data for a screen that keeps it fresh (spec-2 §9: the ticket list and an open
 * ticket every 30 s): loaded when mounted or when `load` changes, then refreshed quietly every
 * `intervalMs` while the tab is visible. A quiet refresh that fails leaves what is shown, and a
 * network failure is toasted once until a call succeeds again, not on every tick (the first load
 * and a retry keep the call's own toast and show the error). Unmounting (leaving the page,
 * closing the detail) stops it; answers that arrive after that, or after a newer call, are dropped.
 */
export function usePolledCall<T>(
  load: (options?: CallOptions) => Promise<CallResult<T>>,
  { enabled = true, intervalMs, valid }: { enabled?: boolean; intervalMs: number; valid?: (data: T) => boolean },
): PolledCall<T> {
  const [state, setState] = useState<CallData<T>>({ status: 'loading' });
  const serial = useRef(0);
  const [outage] = useState(createOutageNotice);
  const validRef = useRef(valid);
  useEffect(() => {
    validRef.current = valid;
  });

  /**
   * Shows the answer of call number `mine` unless a newer call was made since. quiet: a failure
   * leaves what is shown (the periodic refresh); otherwise it shows the error.
   */
  const apply = useCallback(
    (mine: number, quiet: boolean, result: CallResult<T>) => {
      if (result.code === Codes.OK) outage.succeeded();
      else if (result.status === 502) {
        // A loud call has told the user itself; a quiet refresh's failure is told here, once per outage.
        const untold = outage.failed();
        if (quiet && untold) notify({ kind: 'error', title: NETWORK_ERROR_TOAST, durationMs: toastMs.short });
      }
      if (mine !== serial.current) return;
      const check = validRef.current;
      if (result.code === Codes.OK && (!check || check(result.data))) setState({ status: 'ready', data: result.data });
      else if (!quiet) setState({ status: 'error', message: result.msg || '请稍后重试' });
    },
    [outage],
  );

  const fetchNow = useCallback(
    async (quiet: boolean) => {
      const mine = ++serial.current;
      apply(mine, quiet, await load(quiet ? { quietNetwork: true } : {}));
    },
    [load, apply],
  );

  useEffect(() => {
    if (!enabled) return;
    // The first state is 'loading' already (owners key the component by what it loads).
    const mine = ++serial.current;
    void load({}).then((result) => apply(mine, false, result));
    const stop = startPolling(() => fetchNow(true), intervalMs, tabHidden);
    return () => {
      stop();
      // Whatever is still on its way belongs to a view that is gone.
      serial.current += 1;
    };
  }, [load, apply, fetchNow, enabled, intervalMs]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void fetchNow(false);
  }, [fetchNow]);
  const refresh = useCallback(() => fetchNow(true), [fetchNow]);
  const set = useCallback((data: T) => {
    serial.current += 1;
    setState({ status: 'ready', data });
  }, []);
  return { state, retry, refresh, set };
}
