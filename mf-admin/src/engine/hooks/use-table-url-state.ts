import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseTableState, writeTableState, type TableUrlDefaults, type TableUrlState } from '../lib/table-url-state';

/**
 * The table's page, page size, sort, search and filters, read from and written to the address
 * (the hash route's query), so a filtered view can be bookmarked and shared. Changes replace the
 * history entry: typing in the search box must not fill the back button.
 */
export function useTableUrlState(defaults: TableUrlDefaults) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseTableState(params, defaults), [params, defaults]);
  const update = useCallback(
    (change: (current: TableUrlState) => Partial<TableUrlState>) =>
      setParams(
        (previous) => {
          const current = parseTableState(previous, defaults);
          return writeTableState(previous, { ...current, ...change(current) }, defaults);
        },
        { replace: true },
      ),
    [setParams, defaults],
  );
  return [state, update] as const;
}
