import { useEffect, useState } from 'react';
import { Field, HStack, Input, type InputProps } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { engineLabels as t } from '../labels';
import type { FilterDef } from '../types';
import { SelectInput } from './select-input';

/** Typing settles this long before the address (and a server-side filter's call) changes. */
const TYPING_MS = 400;

/** A text or number input that reports its value once typing settles, or on Enter. */
function SettledInput({
  value,
  onCommit,
  ...props
}: { value: string; onCommit: (value: string) => void } & Omit<InputProps, 'value' | 'onChange'>) {
  const [draft, setDraft] = useState(value);
  const [synced, setSynced] = useState(value);
  // The address changed under us (back button, a link): show its value.
  if (value !== synced) {
    setSynced(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onCommit(draft), TYPING_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit]);
  return (
    <Input
      {...props}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => event.key === 'Enter' && onCommit(draft)}
    />
  );
}

export interface FilterBarProps<R, L> {
  filters: readonly FilterDef<R, L>[];
  values: Record<string, string>;
  query: string;
  lookups: L | undefined;
  onFilterChange: (key: string, value: string) => void;
  onQueryChange: (query: string) => void;
}

/** The screen's filters and the search box above a list; every value lives in the address. */
export function FilterBar<R, L>({
  filters,
  values,
  query,
  lookups,
  onFilterChange,
  onQueryChange,
}: FilterBarProps<R, L>) {
  return (
    <HStack gap="3" flexWrap="wrap" align="flex-end">
      {filters.map((filter) => {
        const value = values[filter.key] ?? '';
        const commit = (next: string) => onFilterChange(filter.key, next);
        return (
          <Field.Root key={filter.key} width="auto" minW="10rem" flex={{ base: '1 1 10rem', md: '0 1 auto' }}>
            <Field.Label fontSize="sm">{filter.label}</Field.Label>
            {filter.kind === 'select' ? (
              <SelectInput
                size="sm"
                value={value}
                onChange={commit}
                data-filter={filter.key}
                choices={[
                  { value: '', label: filter.allLabel ?? t.all },
                  ...(lookups && filter.options ? filter.options(lookups) : []).map((option) => ({
                    value: String(option.value),
                    label: option.label,
                  })),
                ]}
              />
            ) : filter.kind === 'checkbox' ? (
              <Checkbox.Root
                size="sm"
                mt="1.5"
                checked={value === '1'}
                onCheckedChange={(change) => commit(change.checked === true ? '1' : '')}
                data-filter={filter.key}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            ) : filter.kind === 'date' ? (
              <Input
                size="sm"
                type="date"
                value={value}
                onChange={(event) => commit(event.target.value)}
                data-filter={filter.key}
              />
            ) : (
              <SettledInput
                size="sm"
                type={filter.kind === 'number' ? 'number' : 'text'}
                inputMode={filter.kind === 'number' ? 'numeric' : undefined}
                min={filter.min}
                max={filter.max}
                value={value}
                onCommit={commit}
                data-filter={filter.key}
              />
            )}
          </Field.Root>
        );
      })}
      <Field.Root width="auto" flex="1 1 12rem" maxW={{ md: '20rem' }}>
        <Field.Label fontSize="sm">{t.search}</Field.Label>
        <SettledInput
          size="sm"
          type="search"
          placeholder={t.searchPlaceholder}
          value={query}
          onCommit={onQueryChange}
        />
      </Field.Root>
    </HStack>
  );
}
