import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/contracts';

/** The spec's page sizes (§9) and 'all'. */
export type PageSize = (typeof PAGE_SIZES)[number] | 'all';
export const PAGE_SIZE_OPTIONS: readonly PageSize[] = [...PAGE_SIZES, 'all'];

export interface SortState {
  id: string;
  desc: boolean;
}

/** What a list shows, kept in the address so that a view can be bookmarked and shared. */
export interface TableUrlState {
  /** 1-based. */
  page: number;
  size: PageSize;
  sort: SortState | null;
  /** Free-text search over the visible columns. */
  q: string;
  /** The screen's own filters by key ('' = not filtered). */
  filters: Record<string, string>;
}

export interface TableUrlDefaults {
  sort: SortState | null;
  /** Column ids that may be sorted (anything else in the address is ignored). */
  sortable: readonly string[];
  /** Every filter key with its default value. */
  filters: Record<string, string>;
}

/** Address parameters of the table itself; a screen's filters must use other names. */
export const RESERVED_PARAMS = ['page', 'size', 'sort', 'q'] as const;

function parseSize(value: string | null): PageSize {
  if (value === 'all') return 'all';
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : DEFAULT_PAGE_SIZE;
}

function parseSort(value: string | null, defaults: TableUrlDefaults): SortState | null {
  if (!value) return defaults.sort;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return defaults.sortable.includes(id) ? { id, desc } : defaults.sort;
}

/** Reads the table's state from the address; anything missing or invalid takes its default. */
export function parseTableState(params: URLSearchParams, defaults: TableUrlDefaults): TableUrlState {
  const page = Number(params.get('page'));
  const filters: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(defaults.filters)) filters[key] = params.get(key) ?? fallback;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: parseSize(params.get('size')),
    sort: parseSort(params.get('sort'), defaults),
    q: params.get('q') ?? '',
    filters,
  };
}

const sameSort = (a: SortState | null, b: SortState | null) => a?.id === b?.id && a?.desc === b?.desc;

/**
 * Writes the state into a copy of the address's parameters, leaving other parameters alone and
 * defaults out, so that a plain list keeps a plain address.
 */
export function writeTableState(
  current: URLSearchParams,
  state: TableUrlState,
  defaults: TableUrlDefaults,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) next.delete(key);
    else next.set(key, value);
  };
  put('page', String(state.page), state.page === 1);
  put('size', String(state.size), state.size === DEFAULT_PAGE_SIZE);
  put('sort', state.sort ? `${state.sort.desc ? '-' : ''}${state.sort.id}` : '', sameSort(state.sort, defaults.sort));
  put('q', state.q, state.q === '');
  for (const [key, fallback] of Object.entries(defaults.filters)) {
    const value = state.filters[key] ?? fallback;
    put(key, value, value === fallback);
  }
  return next;
}
