import { useCallback, useEffect, useState } from 'react';
import { Codes, toastMs, type AppleIdAccount } from '@portal/contracts';
import { notify } from '@portal/platform';
import { appleIds } from '../api/apple-ids';
import { appleIdLabels as t } from '../apple-id-labels';

export type AppleIdsState =
  | { status: 'loading' }
  /** Not a paid user: the server refused and sent none of the accounts. */
  | { status: 'paidOnly' }
  | { status: 'error'; message: string }
  | { status: 'ready'; accounts: AppleIdAccount[] };

/**
 * The shared accounts of a signed-in user (spec-2 §8): a non-paid user is told why for 10 s, a
 * failed check asks to retry later for 10 s (a network failure has the client's own toast).
 */
export function useAppleIds(enabled: boolean): { state: AppleIdsState; retry: () => void } {
  const [state, setState] = useState<AppleIdsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void appleIds().then((result) => {
      if (!current) return;
      if (result.code === Codes.OK && Array.isArray(result.data)) {
        setState({ status: 'ready', accounts: result.data });
      } else if (result.code === Codes.APPLE_ID_PAID_ONLY) {
        setState({ status: 'paidOnly' });
        notify({ kind: 'error', title: t.messages.paidOnly, durationMs: toastMs.long });
      } else {
        setState({ status: 'error', message: result.msg || t.messages.retryLater });
        if (result.status !== 502) notify({ kind: 'error', title: t.messages.retryLater, durationMs: toastMs.long });
      }
    });
    return () => {
      current = false;
    };
  }, [enabled, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
