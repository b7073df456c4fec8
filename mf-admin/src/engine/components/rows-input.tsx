import { useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { engineLabels as t } from '../labels';
import { newRow, partFields, partSchema, type RawRow } from '../lib/form-values';
import type { AnyField } from '../types';
import { SelectInput } from './select-input';
import { SubFields } from './sub-fields';

export interface RowsInputProps {
  field: AnyField;
  /** The rows as the form holds them (`toRawValues`). */
  value: unknown;
  onChange: (rows: RawRow[]) => void;
  /** The rows the form started with: a kept row's secrets show as set. */
  initial: unknown;
  /** The field's schema (a list's items, a record's properties). */
  schema: unknown;
  /** The form's errors inside the field: by key for a record, by position for a list. */
  error: unknown;
  lookups: unknown;
  /** Id of the field's label, which names the group. */
  labelId: string;
}

const asRows = (value: unknown): RawRow[] => (Array.isArray(value) ? (value as RawRow[]) : []);

/**
 * A `rows` field: one box per item with its inputs (stacked on a phone) and a button that removes
 * it; below, a new row is added: for a record, under a key chosen from those not used yet.
 */
export function RowsInput({ field, value, onChange, initial, schema, error, lookups, labelId }: RowsInputProps) {
  const rows = asRows(value);
  const started = asRows(initial);
  const keys = field.parts?.keys;
  const unused = (keys ?? []).filter((option) => !rows.some((row) => row.id === String(option.value)));
  const [chosen, setChosen] = useState('');
  const toAdd = unused.find((option) => String(option.value) === chosen) ?? unused[0];
  const errors = error as Record<string, unknown> | undefined;
  const title = (row: RawRow, index: number) =>
    keys ? (keys.find((option) => String(option.value) === row.id)?.label ?? row.id) : t.rowNumber(index + 1);
  const change = (id: string, values: RawRow['values']) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, values } : row)));

  return (
    <Stack role="group" aria-labelledby={labelId} gap="3">
      {rows.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t.none}
        </Text>
      )}
      {rows.map((row, index) => {
        const name = title(row, index);
        return (
          <Box key={row.id} role="group" aria-label={name} borderWidth="1px" borderRadius="md" p="3" minW="0">
            <HStack justify="space-between" mb="2" gap="2">
              <Text fontWeight="medium" fontSize="sm">
                {name}
              </Text>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t.removeRow(name)}
                onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
              >
                {t.delete}
              </Button>
            </HStack>
            <SubFields
              fields={partFields(field)}
              values={row.values}
              onChange={(values) => change(row.id, values)}
              initial={row.added ? undefined : started.find((other) => other.id === row.id)?.values}
              schema={partSchema(field, schema, row.id)}
              errors={errors?.[keys ? row.id : String(index)]}
              lookups={lookups}
            />
          </Box>
        );
      })}
      {(!keys || toAdd) && (
        <HStack gap="2" wrap="wrap">
          {toAdd && (
            <SelectInput
              size="sm"
              compact
              aria-label={t.rowToAdd(field.label)}
              value={String(toAdd.value)}
              onChange={setChosen}
              choices={unused.map((option) => ({ value: String(option.value), label: option.label }))}
            />
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => onChange([...rows, newRow(field, toAdd ? String(toAdd.value) : undefined)])}
          >
            {t.addRow}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
