import { Button, HStack, Text } from '@chakra-ui/react';
import type { Table } from '@tanstack/react-table';
import { PAGE_SIZE_OPTIONS, type PageSize } from '../lib/table-url-state';
import { engineLabels as t } from '../labels';
import { SelectInput } from './select-input';

export interface TablePaginationProps<R> {
  table: Table<R>;
  size: PageSize;
  onSizeChange: (size: PageSize) => void;
}

/** Count, page size (5/20/50/100/全部), previous and next page. */
export function TablePagination<R>({ table, size, onSizeChange }: TablePaginationProps<R>) {
  const { pageIndex } = table.getState().pagination;
  const pages = Math.max(table.getPageCount(), 1);
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="3" fontSize="sm">
      <HStack gap="2">
        <Text>{t.total(table.getRowCount())}</Text>
        <Text color="fg.muted" aria-hidden>
          {t.pageSize}
        </Text>
        <SelectInput
          size="sm"
          compact
          aria-label={t.pageSize}
          value={String(size)}
          onChange={(value) => onSizeChange(value === 'all' ? 'all' : (Number(value) as PageSize))}
          choices={PAGE_SIZE_OPTIONS.map((option) => ({
            value: String(option),
            label: option === 'all' ? t.pageSizeAll : String(option),
          }))}
        />
      </HStack>
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          {t.previousPage}
        </Button>
        <Text aria-live="polite">{t.pageOf(pageIndex + 1, pages)}</Text>
        <Button size="sm" variant="outline" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          {t.nextPage}
        </Button>
      </HStack>
    </HStack>
  );
}
