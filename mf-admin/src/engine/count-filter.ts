import { wholeNumberIn } from './lib/filter-number';
import type { FilterDef } from './types';

/**
 * A "how many" filter sent with the list call (the last N days, the newest N records): its
 * number input (1..max, the default in the address when absent) and how the list call reads it,
 * always a whole number the call's schema takes.
 */
export function countFilter(key: string, label: string, defaultValue: number, max: number) {
  const filter: FilterDef<unknown, unknown> = {
    key,
    label,
    kind: 'number',
    defaultValue: String(defaultValue),
    min: 1,
    max,
  };
  return {
    filter,
    read: (filters: Record<string, string>) => wholeNumberIn(filters[key], 1, max, defaultValue),
  };
}
