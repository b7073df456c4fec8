import type { ColumnDef, FilterDef } from '../types';
import type { CsvCell } from './csv';

/** Order of two cells: numbers by value, true before false, text in Chinese collation (pinyin). */
export function compareCells(a: CsvCell, b: CsvCell): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? -1 : 1;
  return String(a ?? '').localeCompare(String(b ?? ''), 'zh-CN', { numeric: true });
}

/** Whether any column's value contains the search text (case-insensitive). */
export function matchesSearch<R, L>(row: R, columns: readonly ColumnDef<R, L>[], lookups: L, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return columns.some((column) => {
    const value = column.value(row, lookups);
    return value !== null && value !== undefined && String(value).toLowerCase().includes(needle);
  });
}

/**
 * The rows a list shows before sorting and paging: those every set client-side filter accepts
 * (`match`) that contain the search text. Filters without `match` went to the server.
 */
export function visibleRows<R, L>(
  rows: readonly R[],
  columns: readonly ColumnDef<R, L>[],
  filters: readonly FilterDef<R, L>[],
  values: Record<string, string>,
  query: string,
  lookups: L,
): R[] {
  const active = filters.filter((filter) => filter.match && values[filter.key]);
  return rows.filter(
    (row) =>
      active.every((filter) => filter.match!(row, values[filter.key]!, lookups)) &&
      matchesSearch(row, columns, lookups, query),
  );
}

/** The page actually shown: the address's, but never past the last page. */
export function clampPage(page: number, rowCount: number, pageSize: number): number {
  const pages = Math.max(Math.ceil(rowCount / pageSize), 1);
  return Math.min(Math.max(page, 1), pages);
}
