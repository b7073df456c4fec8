import { useCallback, useEffect, useState } from 'react';
import { Codes } from '@portal/contracts';
import type { CallResult } from './api-client.js';

export type CallData<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export interface UseCallDataOptions<T> {
  /** false: do not call (a visitor, say); the state stays 'loading' until enabled. */
  enabled?: boolean;
  /** Extra check of the answer's shape (an array where a list is expected). */
  valid?: (data: T) => boolean;
}

/**
 * Loads one call's data for a screen: loading, error (with the server's message) or ready, a
 * retry that calls again, and `update` for local changes after an action (a cancelled order).
 * An answer that arrives after unmount or after a newer call is dropped.
 */
export function useCallData<T>(
  load: () => Promise<CallResult<T>>,
  { enabled = true, valid }: UseCallDataOptions<T> = {},
): { state: CallData<T>; retry: () => void; update: (change: (data: T) => T) => void } {
  const [state, setState] = useState<CallData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void load().then((result) => {
      if (!current) return;
      if (result.code === Codes.OK && (!valid || valid(result.data))) setState({ status: 'ready', data: result.data });
      else setState({ status: 'error', message: result.msg || '请稍后重试' });
    });
    return () => {
      current = false;
    };
    // `valid` is a check, not an input: a new function on each render must not call again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, enabled, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback((change: (data: T) => T) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s));
  }, []);
  return { state, retry, update };
}
