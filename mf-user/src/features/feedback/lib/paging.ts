/** Page sizes of spec-2 §9 (5, 20, 50, 100, all) and the client-side paging of a list. */
export type PageSize = number | 'all';

/** The total pages for `count` rows at `size` per page ('all': one page), at least 1. */
export function pageCount(count: number, size: PageSize): number {
  if (size === 'all') return 1;
  return Math.max(1, Math.ceil(count / size));
}

/** The rows of one page (0-based), the page clamped to the ones that exist. */
export function pageRows<T>(rows: readonly T[], page: number, size: PageSize): T[] {
  if (size === 'all') return [...rows];
  const last = pageCount(rows.length, size) - 1;
  const current = Math.min(Math.max(page, 0), last);
  return rows.slice(current * size, current * size + size);
}
