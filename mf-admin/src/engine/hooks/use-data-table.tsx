import { useMemo, useState, type ReactNode } from 'react';
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef as TableColumn,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { clampPage, compareCells } from '../lib/table-rows';
import type { CsvCell } from '../lib/csv';
import type { TableUrlState } from '../lib/table-url-state';
import { engineLabels as t } from '../labels';
import type { ColumnDef } from '../types';

export interface ColumnMeta {
  align?: 'start' | 'end';
  wrap?: boolean;
}

export interface UseDataTableOptions<R, L> {
  /** The rows after filtering and search (see `visibleRows`); the table sorts and pages them. */
  rows: R[];
  columns: readonly ColumnDef<R, L>[];
  lookups: L;
  url: TableUrlState;
  onUrlChange: (change: (current: TableUrlState) => Partial<TableUrlState>) => void;
  getRowId: (row: R) => string;
  /** A row's name for its checkbox's label; without it rows cannot be selected. */
  selectLabel?: (row: R) => string;
  /** The last column's buttons. */
  actions?: (row: R) => ReactNode;
}

const apply = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (previous: T) => T)(old) : updater;

/** How a cell shows a value when its column has no `cell`. */
function display(value: unknown): ReactNode {
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The TanStack table of a list: the definition's columns (plus a selection column and an
 * actions column when asked), sorting and paging controlled by the address. Rendered by
 * `DataTable`; CSV export reads its sorted rows.
 */
export function useDataTable<R, L>({
  rows,
  columns,
  lookups,
  url,
  onUrlChange,
  getRowId,
  selectLabel,
  actions,
}: UseDataTableOptions<R, L>) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const tableColumns = useMemo(() => {
    const list: TableColumn<R, CsvCell>[] = columns.map((column) => ({
      id: column.id,
      header: column.header,
      accessorFn: (row: R) => column.value(row, lookups),
      cell: (context) => (column.cell ? column.cell(context.row.original, lookups) : display(context.getValue())),
      enableSorting: column.sortable !== false,
      sortingFn: (a, b, id) => compareCells(a.getValue<CsvCell>(id), b.getValue<CsvCell>(id)),
      meta: { align: column.align, wrap: column.wrap } satisfies ColumnMeta,
    }));
    if (selectLabel) {
      list.unshift({
        id: '_select',
        enableSorting: false,
        header: ({ table }) => (
          <Checkbox.Root
            size="sm"
            checked={
              table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false
            }
            onCheckedChange={(details) => table.toggleAllPageRowsSelected(details.checked === true)}
          >
            <Checkbox.HiddenInput aria-label={t.selectAll} />
            <Checkbox.Control />
          </Checkbox.Root>
        ),
        cell: ({ row }) => (
          <Checkbox.Root
            size="sm"
            checked={row.getIsSelected()}
            onCheckedChange={(details) => row.toggleSelected(details.checked === true)}
          >
            <Checkbox.HiddenInput aria-label={t.selectRow(selectLabel(row.original))} />
            <Checkbox.Control />
          </Checkbox.Root>
        ),
      });
    }
    if (actions) {
      list.push({ id: '_actions', header: t.actions, enableSorting: false, cell: ({ row }) => actions(row.original) });
    }
    return list;
  }, [columns, lookups, selectLabel, actions]);

  const pageSize = url.size === 'all' ? Math.max(rows.length, 1) : url.size;
  const sorting: SortingState = url.sort ? [url.sort] : [];
  const pagination = { pageIndex: clampPage(url.page, rows.length, pageSize) - 1, pageSize };

  // No React Compiler here; the table instance is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable<R>({
    data: rows,
    columns: tableColumns,
    getRowId,
    state: { sorting, pagination, rowSelection },
    enableRowSelection: Boolean(selectLabel),
    enableSortingRemoval: false,
    // Ascending first, numbers too (TanStack starts numbers descending).
    sortDescFirst: false,
    autoResetPageIndex: false,
    onRowSelectionChange: setRowSelection,
    onSortingChange: (updater) => {
      const [next] = apply(updater, sorting);
      onUrlChange(() => ({ sort: next ? { id: next.id, desc: next.desc } : null, page: 1 }));
    },
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination);
      onUrlChange(() => ({ page: next.pageIndex + 1 }));
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
}
