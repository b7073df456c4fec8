import type { ChangeEvent } from 'react';
import { Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Switch } from '@chakra-ui/react/switch';
import { Textarea } from '@chakra-ui/react/textarea';
import type { ControllerRenderProps } from 'react-hook-form';
import { SECRET_MASK } from '@portal/contracts/schemas';
import { ImageUpload } from '@portal/ui';
import { numberInputBounds } from '../lib/json-schema';
import { engineLabels as t } from '../labels';
import type { AnyField, Option } from '../types';
import { SelectInput } from './select-input';

/** The placeholder choice of a select whose value is none of its options. */
const NOT_CHOSEN = '\u0000';

export interface FieldInputProps {
  field: AnyField;
  control: ControllerRenderProps<Record<string, unknown>, string>;
  /** The property's schema (bounds of a number input). */
  schema: unknown;
  options: Option[];
  /** The value the form started with (a secret's mask). */
  initial: unknown;
  invalid: boolean;
  /** Id of the label above the input (groups of checkboxes). */
  labelId: string;
}

/**
 * The input of one form field, by its kind. It sits inside the field's `Field.Root`, which gives
 * text inputs, text areas and selects their id, label and invalid state.
 */
export function FieldInput({ field, control, schema, options, initial, invalid, labelId }: FieldInputProps) {
  const { value, onChange, onBlur, name, ref } = control;
  const text = typeof value === 'string' ? value : '';
  // What every typed input (text, number, text area) takes.
  const typed = {
    name,
    ref,
    value: text,
    onBlur,
    placeholder: field.placeholder,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  switch (field.kind) {
    case 'switch':
      return (
        <Switch.Root
          checked={Boolean(value)}
          onCheckedChange={(details) => onChange(details.checked)}
          colorPalette="brand"
        >
          <Switch.HiddenInput name={name} ref={ref} onBlur={onBlur} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{field.label}</Switch.Label>
        </Switch.Root>
      );
    case 'select': {
      // Option values are the literals as text, so a value reads the same in the page and in tests.
      const current = options.find((option) => option.value === value);
      const choices = options.map((option) => ({ value: String(option.value), label: option.label }));
      return (
        <SelectInput
          name={name}
          ref={ref}
          onBlur={onBlur}
          value={current ? String(current.value) : NOT_CHOSEN}
          onChange={(text) => onChange(options.find((option) => String(option.value) === text)?.value)}
          choices={current ? choices : [{ value: NOT_CHOSEN, label: t.choose, disabled: true }, ...choices]}
        />
      );
    }
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? (value as unknown[]) : [];
      const box = (option: Option) => (
        <Checkbox.Root
          key={String(option.value)}
          checked={chosen.includes(option.value)}
          onCheckedChange={(details) =>
            onChange(details.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))
          }
          colorPalette="brand"
        >
          <Checkbox.HiddenInput onBlur={onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>{option.label}</Checkbox.Label>
        </Checkbox.Root>
      );
      const groups = [...new Set(options.map((option) => option.group))];
      if (groups.length > 1 || groups[0] !== undefined) {
        // Grouped: a heading per group, its options in one or two columns (one on a phone).
        return (
          <Stack role="group" aria-labelledby={labelId} gap="3">
            {groups.map((group) => (
              <Stack key={group ?? ''} role="group" aria-label={group} gap="1.5">
                <Text fontWeight="medium" fontSize="sm" color="fg.muted">
                  {group}
                </Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gapX="4" gapY="1.5">
                  {options.filter((option) => option.group === group).map(box)}
                </SimpleGrid>
              </Stack>
            ))}
          </Stack>
        );
      }
      return (
        <Stack role="group" aria-labelledby={labelId} direction="row" wrap="wrap" gap="3">
          {options.length === 0 && <Text color="fg.muted">{t.none}</Text>}
          {options.map(box)}
        </Stack>
      );
    }
    case 'textarea':
    case 'lines':
    case 'json':
      return (
        <Textarea
          {...typed}
          rows={field.kind === 'json' ? 8 : 4}
          fontFamily={field.kind === 'json' ? 'mono' : undefined}
          fontSize={field.kind === 'json' ? 'xs' : undefined}
          spellCheck={field.kind === 'textarea'}
          autoresize={field.kind !== 'json'}
          maxH="24rem"
        />
      );
    case 'url':
      return <Input {...typed} type="url" inputMode="url" autoComplete="off" spellCheck={false} />;
    case 'number':
      return <Input {...typed} type="number" inputMode="decimal" {...numberInputBounds(schema)} />;
    case 'secret':
      // Write-only: the stored value is never shown; an untouched (or emptied) input keeps it.
      return (
        <Input
          {...typed}
          type="password"
          autoComplete="new-password"
          value={text === SECRET_MASK ? '' : text}
          onChange={(event) =>
            onChange(event.target.value === '' && initial === SECRET_MASK ? SECRET_MASK : event.target.value)
          }
          placeholder={initial === SECRET_MASK ? t.secretPlaceholder : t.secretUnsetPlaceholder}
        />
      );
    case 'image':
      return (
        <ImageUpload
          value={text}
          onChange={(url) => onChange(url)}
          purpose={field.purpose ?? 'prize'}
          label={t.uploadImage}
        />
      );
    case 'custom':
      return <>{field.render?.({ label: field.label, value, onChange, invalid })}</>;
    default:
      return <Input {...typed} autoComplete="off" />;
  }
}
