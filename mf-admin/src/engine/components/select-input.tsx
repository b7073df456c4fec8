import type { FocusEventHandler, Ref } from 'react';
import { NativeSelect } from '@chakra-ui/react/native-select';

export interface SelectChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectInputProps {
  value: string;
  onChange: (value: string) => void;
  choices: readonly SelectChoice[];
  size?: 'sm' | 'md';
  /** As wide as its longest choice (beside a text), not the whole line. */
  compact?: boolean;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  disabled?: boolean;
  /** Without a visible label (the page size); inside a Field.Root the label names it. */
  'aria-label'?: string;
  'data-testid'?: string;
  'data-filter'?: string;
}

/** The one select of the back office (form fields, filters, page size, country). */
export function SelectInput({ value, onChange, choices, size, compact, disabled, ...props }: SelectInputProps) {
  return (
    <NativeSelect.Root size={size} disabled={disabled} width={compact ? 'auto' : undefined}>
      <NativeSelect.Field {...props} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
