import { useCallback, useEffect, useState } from 'react';
import { Codes } from '@portal/contracts';
import type { CallResult } from '@portal/platform';
import { engineLabels as t } from '../labels';

export type ResourceData<R, L> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: R[]; lookups: L };

type Loaders<L> = { [K in keyof L]: () => Promise<CallResult<L[K]>> };

/**
 * A screen's list and the other lists it needs, loaded together: loading, an error (the server's
 * message) with `retry`, or ready. `reload` (after a change) keeps the rows on screen until the
 * new ones arrive. An answer that arrives after a newer request is dropped.
 */
export function useResourceData<R, L extends object>(
  list: (filters: Record<string, string>) => Promise<CallResult<R[]>>,
  lookups: Loaders<L> | undefined,
  filters: Record<string, string>,
) {
  const [state, setState] = useState<ResourceData<R, L>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const filterKey = JSON.stringify(filters);

  useEffect(() => {
    let current = true;
    const entries = Object.entries(lookups ?? {}) as [string, () => Promise<CallResult<unknown>>][];
    void Promise.all([
      list(JSON.parse(filterKey) as Record<string, string>),
      ...entries.map(([, load]) => load()),
    ]).then(([rows, ...others]) => {
      if (!current) return;
      const failed = [rows, ...others].find((result) => result.code !== Codes.OK);
      if (!failed && !Array.isArray(rows.data)) {
        setState({ status: 'error', message: t.loadFailed });
        return;
      }
      if (failed) {
        setState({ status: 'error', message: failed.msg || t.loadFailed });
        return;
      }
      const loaded = Object.fromEntries(entries.map(([key], i) => [key, others[i]!.data])) as L;
      setState({ status: 'ready', rows: rows.data, lookups: loaded });
    });
    return () => {
      current = false;
    };
  }, [list, lookups, filterKey, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, reload, retry };
}
