import { Badge, Box, Text } from '@chakra-ui/react';
import { formatDateTime } from '@portal/platform';
import type { CsvCell } from './lib/csv';
import type { ColumnDef, Lookups } from './types';

type Get<R, L, V> = (row: R, lookups: L) => V;
type Extra<R, L> = Partial<Omit<ColumnDef<R, L>, 'id' | 'header' | 'value'>>;

/** A column showing its value as it is (text or number). */
export function column<R, L = Lookups>(
  id: string,
  header: string,
  value: Get<R, L, CsvCell>,
  extra: Extra<R, L> = {},
): ColumnDef<R, L> {
  return { id, header, value, ...extra };
}

/** A column of one property, labelled from the screen's labels by the property's name. */
export function keyColumn<R>(
  labels: Partial<Record<string, unknown>>,
  key: keyof R & string,
  extra: Extra<R, Lookups> = {},
) {
  const header = labels[key];
  return column<R>(key, typeof header === 'string' ? header : key, (row) => row[key] as CsvCell, extra);
}

/** A number property, aligned right (see `keyColumn`). */
export const keyNumberColumn = <R,>(labels: Partial<Record<string, unknown>>, key: keyof R & string) =>
  keyColumn<R>(labels, key, { align: 'end' });

/** A number, aligned right. */
export function numberColumn<R, L = Lookups>(
  id: string,
  header: string,
  value: Get<R, L, number>,
  extra: Extra<R, L> = {},
): ColumnDef<R, L> {
  return { id, header, value, align: 'end', ...extra };
}

/** A date and time through the one formatting helper; sorts by the date. */
export function dateColumn<R, L = Lookups>(
  id: string,
  header: string,
  value: Get<R, L, string | null>,
): ColumnDef<R, L> {
  return {
    id,
    header,
    value: (row, lookups) => {
      const date = value(row, lookups);
      return date ? formatDateTime(date) : '';
    },
  };
}

/**
 * A yes/no state as a badge (green when on). The cell's text (and its CSV) is the label, e.g.
 * 正常 / 异常.
 */
export function flagColumn<R, L = Lookups>(
  id: string,
  header: string,
  on: Get<R, L, boolean>,
  [onLabel, offLabel]: readonly [string, string],
  offPalette: 'gray' | 'red' = 'gray',
): ColumnDef<R, L> {
  return {
    id,
    header,
    value: (row, lookups) => (on(row, lookups) ? onLabel : offLabel),
    cell: (row, lookups) =>
      on(row, lookups) ? (
        <Badge colorPalette="green">{onLabel}</Badge>
      ) : (
        <Badge colorPalette={offPalette}>{offLabel}</Badge>
      ),
  };
}

/** Long text (a stack trace, a log): the first line, the whole text when opened. */
export function longTextColumn<R, L = Lookups>(
  id: string,
  header: string,
  value: Get<R, L, string>,
  summary: string,
): ColumnDef<R, L> {
  return {
    id,
    header,
    value,
    sortable: false,
    wrap: true,
    cell: (row, lookups) => {
      const text = value(row, lookups);
      if (!text) return null;
      return (
        <Box as="details" fontSize="xs">
          <Box as="summary" cursor="pointer" color="fg.muted">
            {summary}
          </Box>
          <Text as="pre" whiteSpace="pre-wrap" fontFamily="mono" mt="1">
            {text}
          </Text>
        </Box>
      );
    },
  };
}
