import { Box, Button } from '@chakra-ui/react';
import { Table } from '@chakra-ui/react/table';
import { flexRender, type Table as TanStackTable } from '@tanstack/react-table';
import { EmptyState } from '@portal/ui';
import type { ColumnMeta } from '../hooks/use-data-table';
import { engineLabels as t } from '../labels';

export interface DataTableProps<R> {
  table: TanStackTable<R>;
  /** Accessible name of the table (the screen's title). */
  caption: string;
  testId: string;
}

const SortMark = ({ direction }: { direction: false | 'asc' | 'desc' }) => (
  <Box as="span" aria-hidden color={direction ? 'fg' : 'fg.subtle'} ms="1">
    {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
  </Box>
);

/**
 * The one table of the back office (TanStack Table on Chakra's table): sortable headers, the
 * current page's rows, 暂无记录 when there are none. On a narrow screen it scrolls sideways
 * inside its own box; the page itself never does.
 */
export function DataTable<R>({ table, caption, testId }: DataTableProps<R>) {
  const rows = table.getRowModel().rows;
  return (
    <Box borderWidth="1px" borderRadius="l2" bg="bg" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" interactive data-testid={`${testId}-table`} aria-label={caption}>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.muted">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta as ColumnMeta | undefined;
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      whiteSpace="nowrap"
                      textAlign={meta?.align === 'end' ? 'end' : 'start'}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <Button
                          variant="plain"
                          size="sm"
                          px="0"
                          h="auto"
                          // A finger's target (WCAG 2.5.8 asks 24 px; the rest of the portal's buttons are 32).
                          minH="8"
                          minW="6"
                          fontWeight="inherit"
                          onClick={header.column.getToggleSortingHandler()}
                          title={t.sortBy(String(header.column.columnDef.header))}
                        >
                          {label}
                          <SortMark direction={sorted} />
                        </Button>
                      ) : (
                        label
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} data-testid={`${testId}-row`} data-row-id={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as ColumnMeta | undefined;
                  return (
                    <Table.Cell
                      key={cell.id}
                      data-column={cell.column.id}
                      textAlign={meta?.align === 'end' ? 'end' : 'start'}
                      whiteSpace={meta?.wrap ? 'normal' : 'nowrap'}
                      minW={meta?.wrap ? '12rem' : undefined}
                      maxW={meta?.wrap ? '24rem' : undefined}
                      wordBreak={meta?.wrap ? 'break-word' : undefined}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && <EmptyState />}
    </Box>
  );
}
